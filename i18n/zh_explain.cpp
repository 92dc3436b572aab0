// Chinese for the explain strings (see i18n/translate.h). Terms follow docs/glossary.md.
// The refusal explainer (refusal/refusal_rules.cpp): gradlab-cli --explain and the app's refusal panels.
#include <iterator>

#include "i18n/zh_tables.h"

namespace gradlab::i18n {
namespace {

constexpr Translation kExplainEntries[] = {
    // The rules, as headings (refusal_rules.cpp's table).
    {"gradOutput at most 50x gradInput along each axis", "每个轴上 gradOutput 最多为 gradInput 的 50x"},
    {"a scale factor is not negative", "缩放因子不为负"},
    {"every checked size at least 1", "每个受检尺寸至少为 1"},
    {"a dtype of the operator's list", "算子列表中的数据类型"},
    {"a strategy the operator has", "算子具有的策略"},
    {"device profile numbers within their limits", "设备配置的数值在限制之内"},
    {"a built-in device profile", "内置设备配置"},
    {"every tile fits the unified buffer", "每个分块都能放入统一缓冲区"},
    {"overlapping adaptive windows: at most 2^24 cells per plane", "自适应窗口重叠：每个平面最多 2^24 个单元格"},
    {"a plane of at most INT32_MAX cells", "平面最多 INT32_MAX 个单元格"},
    {"every index inside its plane", "每个索引都在其平面内"},
    {"one explicit value (or index) per cell", "每个单元格一个显式值（或索引）"},
    {"at most 2^34 cells per tensor", "每个张量最多 2^34 个单元格"},

    // upsample-ratio
    {"Each gradInput cell of an upsample backward sums the gradOutput cells that copied it; CANN's kernel takes at "
     "most {0} of them per axis, so it refuses a call whose ratio in/out (1/scale when a scale is given) is below {1} "
     "on any axis.",
     "上采样反向中，每个 gradInput 单元格对复制自它的 gradOutput 单元格求和；CANN 的核函数每个轴最多接受 {0} 个，"
     "因此任一轴上比值 in/out（给出缩放因子时为 1/scale）低于 {1} 的调用都会被拒绝。"},
    {"scale {0} = {1}: the ratio 1/scale = {2} < {4}, so gradOutput counts as {3}x gradInput along {0} (at most {5}x)",
     "缩放因子 {0} = {1}：比值 1/scale = {2} < {4}，因此沿 {0} 轴 gradOutput 相当于 gradInput 的 {3}x（最多 {5}x）"},
    {"the scale decides, not the sizes: in {0} {1} -> out {0} {2} alone would be {3}x",
     "起决定作用的是缩放因子而非尺寸：仅凭 in {0} {1} -> out {0} {2} 只有 {3}x"},
    {"scale {0} at most {1} (1/{1} = {2})", "缩放因子 {0} 不超过 {1}（1/{1} = {2}）"},
    {"or scale {0} 0 (auto): the sizes give {1}x", "或缩放因子 {0} 取 0（自动）：由尺寸得到 {1}x"},
    {"gradOutput {0} {1} / gradInput {0} {2} = {3} > {5}: an axis may grow at most {5}x (the ratio in/out = {2}/{1} = "
     "{4} < {6})",
     "gradOutput {0} {1} / gradInput {0} {2} = {3} > {5}：一个轴最多放大 {5}x（比值 in/out = {2}/{1} = {4} < {6}）"},
    {"out {0} at most {1} ({3} x in {0} {2})", "out {0} 不超过 {1}（{3} x in {0} {2}）"},
    {"or in {0} at least {1} (out {0} {2} / {3}, rounded up)", "或 in {0} 至少为 {1}（out {0} {2} / {3}，向上取整）"},
    {"growth along {0} (scale {1})", "沿 {0} 的放大倍数（缩放因子 {1}）"},
    {"growth along {0} (out/in {1}/{2})", "沿 {0} 的放大倍数（out/in {1}/{2}）"},
    {"{0}: {1}x, within the limit", "{0}：{1}x，在限制之内"},
    {"{0}: {1}x, over it too (the library names the first axis)", "{0}：{1}x，同样超限（库只报告第一个轴）"},
    {"each axis may grow at most {0}x: ratio in/out (or 1/scale) >= {1}",
     "每个轴最多放大 {0}x：比值 in/out（或 1/scale）>= {1}"},

    // negative-scale
    {"A scale factor is output/input along an axis (PyTorch's scale_factor), so it cannot be negative; 0 (or NaN) "
     "means \"take the ratio from the sizes\".",
     "缩放因子是某一轴上输出与输入之比（即 PyTorch 的 scale_factor），因此不能为负；0（或 NaN）表示“由尺寸得出比值”。"},
    {"scale {0} = {1} < 0", "缩放因子 {0} = {1} < 0"},
    {"scale {0} = out/in = {1}/{2} = {3} (any value >= 0)", "缩放因子 {0} = out/in = {1}/{2} = {3}（任何 >= 0 的值均可）"},
    {"scale {0} >= 0", "缩放因子 {0} >= 0"},
    {"or scale {0} 0 (auto): the ratio comes from the sizes", "或缩放因子 {0} 取 0（自动）：比值由尺寸得出"},
    {"scale {0}", "缩放因子 {0}"},
    {"a scale must be >= 0 (0: use the sizes)", "缩放因子必须 >= 0（0：使用尺寸）"},

    // size-not-positive
    {"{0} cells", "{0} 个单元格"},
    {"A tensor's sizes count its cells, so none can be negative: the runner's aclCreateTensor refuses the shape "
     "before any operator sees it.",
     "张量的尺寸计数的是其单元格，因此都不能为负：在任何算子看到之前，运行器的 aclCreateTensor 就会拒绝该形状。"},
    {"aclnn{0} refuses a size of 0 (or less) on the axes it checks: a tensor with no cells there has nothing to "
     "compute, and this operator says so instead of returning nothing.",
     "aclnn{0} 拒绝其所检查的轴上为 0（或更小）的尺寸：在这些轴上没有单元格的张量无可计算，该算子会明确报错，"
     "而不是什么也不返回。"},
    {"the call has {0}", "该调用中 {0}"},
    {"{0} at least 1", "{0} 至少为 1"},
    {"the outlined sizes are empty (0) or negative", "框出的尺寸为空（0）或为负"},

    // dtype-not-supported
    {"Each operator takes the dtypes of CANN's list for Atlas A2/A3 and refuses the others; the list differs from "
     "operator to operator (gradlab-cli --list-ops shows them).",
     "每个算子接受 CANN 为 Atlas A2/A3 列出的数据类型，拒绝其他类型；各算子的列表不尽相同（gradlab-cli --list-ops "
     "可列出）。"},
    {"dtype {0} ({1}) is not in {2}'s list: {3}", "数据类型 {0}（{1}）不在 {2} 的列表中：{3}"},
    {"its twin aclnn{0} does take {1}: the two lists differ", "其孪生算子 aclnn{0} 接受 {1}：2 个列表不同"},
    {"dtype {0} (taken by both aclnn{1} and its forward)", "数据类型 {0}（aclnn{1} 及其前向都接受）"},
    {"dtype {0}", "数据类型 {0}"},
    {"indices dtype", "indices 数据类型"},
    {"Indices name a cell h*W + w of their plane: they are whole numbers, INT32 or INT64.",
     "索引指向其平面中的单元格 h*W + w：它们是整数，INT32 或 INT64。"},
    {"indices dtype {0} ({1}) is not INT32 or INT64", "indices 数据类型 {0}（{1}）不是 INT32 或 INT64"},
    {"indices int32 or int64", "indices 使用 int32 或 int64"},
    {"refused by aclnn{0}, which the runner calls first to produce the backward's indices",
     "被 aclnn{0} 拒绝：运行器先调用它来生成反向所需的索引"},
    {"dtypes {0} takes; the one asked for is marked", "{0} 接受的数据类型；所请求的已标出"},
    {"indices dtypes {0} takes; the one asked for is marked", "{0} 接受的 indices 数据类型；所请求的已标出"},

    // strategy-unknown
    {"A call may ask for one of its operator's strategies by name, for cann (what CANN's own kernel does) or for "
     "default; a name the operator does not have is refused (GRADLAB_STRATEGY, which applies to every operator, only "
     "leaves a note).",
     "调用可以按名称请求其算子的某个策略、cann（CANN 自身核函数的做法）或 default；算子没有的名称会被拒绝"
     "（GRADLAB_STRATEGY 作用于所有算子，只会留下一条提示）。"},
    {"strategy \"{0}\" is not one of {1}'s: {2}", "策略“{0}”不是 {1} 的策略之一：{2}"},
    {"what {0} can be asked to run; the name given is marked", "{0} 可请求运行的策略；给出的名称已标出"},

    // device-profile-range, device-profile-unknown
    {"A device profile must describe a chip the operators can plan for: {0} to {1} vector cores, {2} to {3} cube cores, "
     "and buffers of {4} (every operator's smallest tile) to {5}; rates positive.",
     "设备配置必须描述一块算子能够为之规划的芯片：{0} 到 {1} 个 Vector 核，{2} 到 {3} 个 Cube 核，缓冲区 {4}"
     "（每个算子的最小分块）到 {5}；速率为正。"},
    {"profile {0}: {1} = {2} is outside [{3}, {4}]", "配置 {0}：{1} = {2} 超出 [{3}, {4}]"},
    {"profile {0}: {1} = {2} is not a positive number", "配置 {0}：{1} = {2} 不是正数"},
    {"profile {0}: {1} = {2} is not a number >= {3}", "配置 {0}：{1} = {2} 不是 >= {3} 的数"},
    {"{0}{1} .. {2} (e.g. {0}16k, the classroom chip's UB)", "{0}{1} .. {2}（例如 {0}16k，即 classroom 芯片的 UB）"},
    {"{0} a positive number", "{0} 取正数"},
    {"{0} a number >= {1}", "{0} 取 >= {1} 的数"},
    {"{0} must lie in the marked range", "{0} 必须位于标出的范围内"},
    {"{0} must be > 0", "{0} 必须 > 0"},
    {"{0} must be >= 0", "{0} 必须 >= 0"},
    {"device profile", "设备配置"},
    {"A device spec starts with a built-in profile's name; cores, cubes and ub may then override its numbers "
     "(name:cores=8,ub=64k).",
     "设备规格以内置配置的名称开头；随后可用 cores、cubes 和 ub 覆盖其数值（name:cores=8,ub=64k）。"},
    {"\"{0}\" is not a built-in profile: {1}", "“{0}”不是内置配置：{1}"},
    {"a profile name: {0}, e.g. classroom:cores=2", "一个配置名称：{0}，例如 classroom:cores=2"},
    {"the built-in profiles; the name given is marked", "内置配置；给出的名称已标出"},

    // ub-budget
    {"A vector core stages every tile through its unified buffer (UB); a plan whose tile needs more UB than the "
     "device profile has cannot run.",
     "Vector 核的每个分块都要经过其统一缓冲区（UB）；若切分方案中某个分块所需的 UB 超过设备配置所有的 UB，"
     "该方案便无法运行。"},
    {"tile {0} needs {1} of UB; profile {2} has {3}", "分块 {0} 需要 {1} 的 UB；配置 {2} 只有 {3}"},
    {"a UB of at least {0} (ub={1}k), or a smaller call", "至少 {0} 的 UB（ub={1}k），或更小的调用"},
    {"tile {0} UB need", "分块 {0} 的 UB 需求"},
    {"the tile's need against the profile's unified buffer", "分块的需求与配置的统一缓冲区对比"},

    // pool-overlap-2^24, pool-plane-int32
    {"out {0} {1} (divides already)", "out {0} {1}（已能整除）"},
    {"out {0} a divisor of {1} (e.g. {2} or {3})", "out {0} 取 {1} 的约数（例如 {2} 或 {3}）"},
    {"out {0} a divisor of {1} (e.g. {2})", "out {0} 取 {1} 的约数（例如 {2}）"},
    {"in H * W at most {0}", "in H * W 不超过 {0}"},
    {"cells per plane (H * W)", "每个平面的单元格数（H * W）"},
    {"When the adaptive windows do not divide the input they overlap, and CANN's API page supports such a pool only "
     "up to {0} cells per plane; gradlab enforces that documented limit.",
     "自适应窗口不能整除输入时会相互重叠，而 CANN 的 API 文档只支持每个平面最多 {0} 个单元格的此类池化；"
     "gradlab 执行这一文档中的限制。"},
    {"overlapping windows: at most {0} = {1} cells per plane", "窗口重叠：每个平面最多 {0} = {1} 个单元格"},
    {"H % Ho = {0} % {1} = {2}, W % Wo = {3} % {4} = {5}: the windows do not divide the input",
     "H % Ho = {0} % {1} = {2}，W % Wo = {3} % {4} = {5}：窗口不能整除输入"},
    {"{0} and {1}: windows that divide the input have no {2} limit", "{0}，且 {1}：能整除输入的窗口没有 {2} 的限制"},
    {"or in H * W at most {0} (e.g. in {1}x{2})", "或 in H * W 不超过 {0}（例如 in {1}x{2}）"},
    {"An index is h * W + w inside its plane and INT32 indices must hold every one of them, so a plane may have at "
     "most INT32_MAX cells.",
     "索引是其平面内的 h * W + w，INT32 索引必须能表示其中每一个，因此一个平面最多只能有 INT32_MAX 个单元格。"},
    {"a plane's cells against INT32_MAX", "平面的单元格数与 INT32_MAX 对比"},

    // index-outside-plane
    {"Each index names the cell h * W + w of its own H x W plane where the forward found the max; the kernel checks "
     "every index as it adds its value, never writes outside the plane, and fails the launch at the earliest index "
     "outside it (507015 at aclrtSynchronizeStream), with every gradInput cell set to NaN. Only the plane is checked: "
     "an index inside the plane but outside its window is used as given.",
     "每个索引指向其所在 H x W 平面中前向找到最大值的单元格 h * W + w；核函数在累加每个值时检查其索引，从不写到平面之外，"
     "并在最早一个超出平面的索引处使启动失败（在 aclrtSynchronizeStream 处报 507015），此时 gradInput 的每个单元格都被置为 NaN。"
     "只检查平面：位于平面内但在其窗口之外的索引按原样使用。"},
    {"{0} = {1} = {2} * {3} + {4}: row {2}, col {4}", "{0} = {1} = {2} * {3} + {4}：第 {2} 行，第 {4} 列"},
    {"the plane has H * W = {0} * {1} = {2} cells, indices 0..{3}: {4} is negative",
     "平面有 H * W = {0} * {1} = {2} 个单元格，索引为 0..{3}：{4} 为负"},
    {"the plane has H * W = {0} * {1} = {2} cells, indices 0..{3}: {4} is past its end",
     "平面有 H * W = {0} * {1} = {2} 个单元格，索引为 0..{3}：{4} 超出末尾"},
    {"row {0}", "第 {0} 行"},
    {"col {0}", "第 {0} 列"},
    {"rows {0}..{1}", "第 {0}..{1} 行"},
    {"cols {0}..{1}", "第 {0}..{1} 列"},
    {"gradOutput[{0}] pools {1}, {2} of the plane", "gradOutput[{0}] 池化平面中的{1}、{2}"},
    {"{0} in [0, {1}); for a max-pool gradient, the cell of its window that held the max: cell {2}",
     "{0} 取 [0, {1}) 内的值；对于最大池化的梯度，应取其窗口中持有最大值的单元格：单元格 {2}"},
    {"{0} in [0, {1}); for a max-pool gradient, the cell of its window that held the max: one of {2}",
     "{0} 取 [0, {1}) 内的值；对于最大池化的梯度，应取其窗口中持有最大值的单元格：{2} 之一"},
    {"or leave the indices out: the runner then takes the forward's own", "或不给出 indices：运行器会使用前向自己的索引"},
    {"the {0}x{1} plane, the cell's window, and where {2} points", "{0}x{1} 平面、该单元格的窗口，以及 {2} 指向的位置"},
    {"plane {0}x{1} (rows 0..{2}); {3} = {4} points at row {5}, col {6}, above the first row; its window: rows "
     "{7}..{8}, cols {9}..{10}",
     "平面 {0}x{1}（第 0..{2} 行）；{3} = {4} 指向第 {5} 行、第 {6} 列，在首行之上；其窗口：第 {7}..{8} 行，"
     "第 {9}..{10} 列"},
    {"plane {0}x{1} (rows 0..{2}); {3} = {4} points at row {5}, col {6}, below the last row; its window: rows "
     "{7}..{8}, cols {9}..{10}",
     "平面 {0}x{1}（第 0..{2} 行）；{3} = {4} 指向第 {5} 行、第 {6} 列，在末行之下；其窗口：第 {7}..{8} 行，"
     "第 {9}..{10} 列"},
    {"(o: the window of the gradOutput cell, X: where the index points)", "（o：gradOutput 单元格的窗口，X：索引指向的位置）"},

    // input-count
    {"Explicit inputs fill a tensor cell by cell in row-major order, so there must be exactly one per cell; the "
     "runner refuses a list that does not fit before calling the operator.",
     "显式输入按行优先顺序逐个单元格填充张量，因此每个单元格必须恰好一个；运行器会在调用算子之前拒绝不相符的列表。"},
    {"{0} values for {1} {2} = {3} cells", "{0} 个值对应 {1} {2} = {3} 个单元格"},
    {"{0} indices for {1} {2} = {3} cells", "{0} 个索引对应 {1} {2} = {3} 个单元格"},
    {"{0} values (one per cell of {1})", "{0} 个值（{1} 的每个单元格一个）"},
    {"{0} indices (one per cell of {1})", "{0} 个索引（{1} 的每个单元格一个）"},
    {"or none: the value source fills the tensor", "或不给出：由数值来源填充张量"},
    {"or none: the runner takes the forward's own indices", "或不给出：运行器使用前向自己的索引"},
    {"count", "个数"},
    {"{0} given", "给出 {0} 个"},
    {"one value per cell", "每个单元格一个值"},
    {"one index per cell", "每个单元格一个索引"},

    // tensor-too-large
    {"The runner keeps a host copy of every tensor it builds, so it refuses a tensor of more than {0} cells before "
     "the device sees it.",
     "运行器为其构建的每个张量保留一份主机副本，因此会在设备看到之前拒绝超过 {0} 个单元格的张量。"},
    {"{0} {1} has more than int64 can count cells > {2} = {3}",
     "{0} {1} 的单元格数超出 int64 的表示范围 > {2} = {3}"},
    {"{0} {1} has {2} cells > {3} = {4}", "{0} {1} 有 {2} 个单元格 > {3} = {4}"},
    {"smaller sizes: at most {0} cells per tensor", "更小的尺寸：每个张量最多 {0} 个单元格"},
    {"cells", "单元格数"},
    {"cells of one tensor against the runner's {0}", "单个张量的单元格数与运行器的 {0} 对比"},

    // Lists and the terminal layout (refusal_text.cpp).
    {"{0} or {1}", "{0} 或 {1}"},
    {"explain: device settings refused", "说明：设备设置被拒绝"},
    {"explain: {0} ({1}) in {2}", "说明：{2} 阶段返回 {0} ({1})"},
    {"explain: {0} ({1})", "说明：{0} ({1})"},
    {"explain: status {0} in {1}", "说明：{1} 阶段返回状态 {0}"},
    {"explain: status {0}", "说明：状态 {0}"},
    {"explain: refused in {0}", "说明：在 {0} 阶段被拒绝"},
    {"explain: refused", "说明：被拒绝"},
    {"No rule of the explainer's table matches this refusal, so there is nothing to draw: the code and the library's "
     "sentence are all that is known.",
     "解释器的规则表中没有与此次拒绝相符的规则，因此无图可画：已知的只有错误码和库给出的原句。"},
    {"rule: {0} [{1}]", "规则：{0} [{1}]"},
    {"your numbers:", "你的数值："},
    {"picture:", "图示："},
    {"({0})", "（{0}）"},
    {"to make it legal:", "如何使其合法："},
    {"<- breaks the rule", "<- 违反规则"},
    {"(legal {0} .. {1})", "（合法范围 {0} .. {1}）"},
    {"(at most {0})", "（最多 {0}）"},
    {"(at least {0})", "（至少 {0}）"},
    {"(~: the bar starts at {0}, not 0, to show the excess)", "（~：条形从 {0} 而不是 0 开始，以显示超出部分）"},
    {"allowed:", "允许的："},
    {"<- not in the list", "<- 不在列表中"},
};

}  // namespace

TranslationTable zhExplainTable() { return {"explain", kExplainEntries, std::size(kExplainEntries)}; }

}  // namespace gradlab::i18n
