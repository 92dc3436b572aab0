// Chinese for the verify library's verdicts: --check, --verify and the Verify tab's case details
// (verify/judge.cpp, run_case.cpp, cases_*.cpp). Names (tensors, operators, dtypes, aclnn APIs, stages
// such as GetWorkspaceSize), shapes and numbers are values and stay as written; terms follow docs/glossary.md.
#include <iterator>

#include "i18n/zh_tables.h"

namespace gradlab::i18n {
namespace {

constexpr Translation kVerifyEntries[] = {
    // checkRun: one line per output tensor ({0} its name, {1} a position "[0, 1, 2, 3]")
    {"the run reports no {0}", "运行结果中没有 {0}"},
    {"the run reports no indices", "运行结果中没有 indices"},
    {"the indices leave their plane; the run should have failed", "indices 超出了所在平面；这次运行本应失败"},
    {"the run failed in {0} with status {1}: {2}", "运行在 {0} 失败，状态码 {1}：{2}"},
    {"the run produced no {0}", "运行没有产生 {0}"},
    {"{0} left as it was (nothing to copy from an empty input)", "{0} 保持原样（输入为空，没有可复制的内容）"},
    {"{0} was written from an empty input", "{0} 被空输入写入了"},
    {"MISMATCH {0}{1}: got {2}, reference {3}", "不一致 {0}{1}：得到 {2}，参考值 {3}"},
    {"MISMATCH {0}{1}: got nothing, reference {2}", "不一致 {0}{1}：没有得到值，参考值 {2}"},
    {"MISMATCH {0} has {1} cells, the reference {2}", "不一致 {0} 有 {1} 个单元格，参考有 {2} 个"},
    {"MISMATCH {0}{1}: got {2}, reference {3} (bit-exact with the dense-matmul reference expected)",
     "不一致 {0}{1}：得到 {2}，参考值 {3}（应与稠密矩阵乘参考逐位一致）"},
    {"MISMATCH {0}{1}: got {2}, reference {3} (bit-exact expected)", "不一致 {0}{1}：得到 {2}，参考值 {3}（应逐位一致）"},
    {"MISMATCH {0}{1}: got {2}, reference {3} (tolerance {4} for {5} terms)",
     "不一致 {0}{1}：得到 {2}，参考值 {3}（{5} 项求和的容差为 {4}）"},
    {"{0} matches the reference exactly ({1} indices)", "{0} 与参考完全一致（{1} 个索引）"},
    {"{0} matches the reference bit for bit (the dense-matmul reference) and within the summation bound of the "
     "row-major one (largest difference {1}) ({2} cells, {3})",
     "{0} 与参考逐位一致（稠密矩阵乘参考），且在行优先参考的求和误差界内（最大差 {1}）（{2} 个单元格，{3}）"},
    {"{0} matches the reference bit for bit ({1} cells, {2})", "{0} 与参考逐位一致（{1} 个单元格，{2}）"},
    {"{0} matches the reference within the summation bound (largest difference {1}) ({2} cells, {3})",
     "{0} 在求和误差界内与参考一致（最大差 {1}）（{2} 个单元格，{3}）"},

    // judgePlan: the plan's tiles, cores and phases
    {"an empty input: no tiles, nothing written", "空输入：没有分块，不写入任何内容"},
    {"a forward of an empty input has tiles", "空输入的前向却有分块"},
    {"tile {0} names phase {1}", "分块 {0} 指向阶段 {1}"},
    {"tile {0} on lane {1}", "分块 {0} 位于核序号 {1}"},
    {"tile {0} on {1}, which the profile does not have", "分块 {0} 位于 {1}，而设备配置中没有这个核"},
    {"tile {0} needs {1} UB bytes, above {2}", "分块 {0} 需要 {1} 字节 UB，超过 {2}"},
    {"tile {0} needs more L1 / L0 than its cube core has", "分块 {0} 需要的 L1 / L0 超过其 Cube 核的容量"},
    {"tile {0} names buffer {1}", "分块 {0} 指向缓冲区 {1}"},
    {"tile {0}'s box leaves the output", "分块 {0} 的区域超出了输出"},
    {"output cell {0} in phase {1} belongs to several cores", "阶段 {1} 中的输出单元格 {0} 属于多个核"},
    {"output cell {0} in phase {1} is written by several cores, not all atomically",
     "阶段 {1} 中的输出单元格 {0} 被多个核写入，且并非都是原子写"},
    {"output cell {0} belongs to no tile", "输出单元格 {0} 不属于任何分块"},
    {"{0} tiles in {1} phase(s) on {2} cores", "{0} 个分块，{1} 个阶段，{2} 个核"},

    // judgeTrace: the trace's moves replayed
    {"no trace was recorded", "没有记录轨迹"},
    {"trace truncated", "轨迹已截断"},
    {"trace plan differs from the executor's plan", "轨迹中的切分方案与执行器的不同"},
    {"trace has no events", "轨迹中没有事件"},
    {"an empty input: no moves", "空输入：没有移动"},
    {"moves from an empty input", "从空输入发出了移动"},
    {"moves are not sorted by sequence", "移动未按序号排序"},
    {"a two-hop move in a plan without an intermediate buffer", "切分方案没有中间缓冲区，却出现了两跳移动"},
    {"move into a cell outside its target", "移动的目标单元格超出了目标张量"},
    {"move from a cell outside its source", "移动的来源单元格超出了来源张量"},
    {"move value differs from the cell it names", "移动的值与其指向的单元格不同"},
    {"orderAtDst out of step", "orderAtDst 次序错乱"},
    {"sumAfter differs from the replayed running sum", "sumAfter 与重放得到的累加和不同"},
    {"replaying {0} moves gives {1} at {2}, the run wrote {3}", "重放 {0} 次移动在 {2} 得到 {1}，运行写入的是 {3}"},
    {"{0} moves replay to the output", "{0} 次移动重放得到输出"},

    // describe: the call's settings after its operator and shapes (layout names and modes are in other sections)
    {"scales {0}", "缩放因子 {0}"},
    {"scales ({0}, {1})", "缩放因子 ({0}, {1})"},
    {"schedule {0}", "调度顺序 {0}"},
    {"accumulate {0}", "累加 {0}"},
    {"profile {0} ({1} cores, {2} B UB)", "设备配置 {0}（{1} 个核，{2} B UB）"},
    {"profile {0}", "设备配置 {0}"},
    {"{0} indices", "{0} 索引"},
    {"forward {0} -> {1}", "前向 {0} -> {1}"},

    // runAndJudge: a case's verdicts joined
    {"the run reports no plan", "运行结果中没有切分方案"},
    {"plan {0}", "方案：{0}"},
    {"trace: {0}", "轨迹：{0}"},
    {"; ", "；"},

    // cases_upsample.cpp, cases_upsample_checks.cpp
    {"{0} failed: {1}", "{0} 失败：{1}"},
    {"cell {0} = {1}, expected {2}", "单元格 {0} = {1}，应为 {2}"},
    {"equals the expected values in both modes", "两种模式下都等于预期值"},
    {"deterministic run {0} differs from run 1", "第 {0} 次确定性运行与第 1 次不同"},
    {"4 deterministic runs are bit-identical", "4 次确定性运行结果逐位相同"},
    {"fp16 default mode asked for no workspace", "fp16 默认模式没有申请工作空间"},
    {"fp32 default or deterministic mode asked for a workspace", "fp32 默认模式或确定性模式申请了工作空间"},
    {"fp16 default mode workspace {0} bytes; fp32 and deterministic need none",
     "fp16 默认模式工作空间 {0} 字节；fp32 和确定性模式不需要工作空间"},
    {"expected {0}, got {1}", "应为 {0}，实际为 {1}"},
    {"message does not start with the API name: {0}", "消息不以 API 名称开头：{0}"},
    {"message lacks \"{0}\": {1}", "消息中缺少 \"{0}\"：{1}"},
    {"empty call asked for a workspace", "空调用申请了工作空间"},
    {"launch failed: {0}", "启动失败：{0}"},
    // what an empty call leaves in out: "out zeroed", "out untouched"
    {"zeroed", "清零"},
    {"untouched", "保持不变"},
    {"out was not {0}", "out 没有{0}"},
    {"success, workspace 0, out {0}", "成功，工作空间 0，out {0}"},
    {"launch status {0}", "启动状态 {0}"},
    {"first launch {0}, second {1}: {2}", "第一次启动 {0}，第二次 {1}：{2}"},

    // cases_adaptive_pool.cpp
    {"bit-exact vs reference; plan of {0} tiles on {1} cores verified", "与参考逐位一致；已校验 {0} 个分块、{1} 个核的切分方案"},
    {"within the summation bound vs reference; plan of {0} tiles on {1} cores verified",
     "在参考的求和误差界内；已校验 {0} 个分块、{1} 个核的切分方案"},
    {"out and indices equal the reference; plan of {0} tiles verified", "out 和 indices 与参考相同；已校验 {0} 个分块的切分方案"},
    {"the executor has no plan", "执行器没有切分方案"},
    {"workspace size {0}, expected {1}", "工作空间大小 {0}，应为 {1}"},
    {"expected 161002 from GetWorkspaceSize, got {0} at '{1}': {2}", "GetWorkspaceSize 应返回 161002，实际在 '{1}' 得到 {0}：{2}"},
    {"message lacks '{0}': {1}", "消息中缺少 '{0}'：{1}"},
    {"gradIn was written", "gradIn 被写入了"},
    {"161002 before anything runs: {0}", "在任何计算之前返回 161002：{0}"},
    {"the corrected sample failed: {0} {1}", "修正后的示例失败：{0} {1}"},
    {"gradIn = {0.4757, 0, 0, 0}: the gradient lands on the max 0.0850 at index 0",
     "gradIn = {0.4757, 0, 0, 0}：梯度落在索引 0 处的最大值 0.0850 上"},
    {"expected 507015 from aclrtSynchronizeStream naming '{0}', got {1} at '{2}': {3}",
     "aclrtSynchronizeStream 应返回 507015 并指出 '{0}'，实际在 '{2}' 得到 {1}：{3}"},
    {"expected 507015 from aclrtSynchronizeStream naming '{0}', got {1}",
     "aclrtSynchronizeStream 应返回 507015 并指出 '{0}'，实际为 {1}"},
    {"the next launch on the same stream failed: {0}", "同一流上的下一次启动失败：{0}"},
    {"next launch: {0}", "下一次启动：{0}"},
    {"{0}; gradInput all NaN; the next launch on the stream succeeded", "{0}；gradInput 全为 NaN；该流上的下一次启动成功"},
    {"{0}[{1}] = {2}, expected NaN", "{0}[{1}] = {2}，应为 NaN"},
    {"workspace {0} for an empty gradOutput", "空 gradOutput 却申请了工作空间 {0}"},
    {"empty gradOutput 2x3x0x4: success, workspace 0, gradInput ({0}) zeroed",
     "空 gradOutput 2x3x0x4：成功，工作空间 0，gradInput（{0}）已清零"},
    {"empty self/gradInput 2x3x0x5: success, nothing to write", "空 self/gradInput 2x3x0x5：成功，无需写入"},
    {"backward: {0}", "反向：{0}"},
    {"forward: {0}", "前向：{0}"},
    {"N = 0: backward and forward succeed with nothing to do", "N = 0：反向和前向均成功，无事可做"},
    {"{0} moves recorded for {1} gradOutput cells", "{1} 个 gradOutput 单元格记录了 {0} 次移动"},
    {"a move goes to the wrong cell", "有一次移动去了错误的单元格"},
    {"tile {0} recorded no event", "分块 {0} 没有记录事件"},
    {"{0} moves over {1} tiles replay to the same gradInput ({2}, {3})",
     "{1} 个分块上的 {0} 次移动重放得到相同的 gradInput（{2}，{3}）"},
    {"expected one move per output cell", "每个输出单元格应有一次移动"},
    {"two moves into one output cell", "同一输出单元格有两次移动"},
    {"a move's source is not the max's index", "有一次移动的来源不是最大值的索引"},
    {"a move's value is not the max", "有一次移动的值不是最大值"},
    {"every output cell has one move from its max; trace matches out and indices",
     "每个输出单元格都有一次来自其最大值的移动；轨迹与 out 和 indices 一致"},
    {"2 planes should use 2 cores, the plan uses {0}", "2 个平面应使用 2 个核，切分方案使用了 {0} 个"},
    // The word the core choice uses for cores without work ("..., the rest stay idle"; zh_core.cpp:
    // "...，其余空闲"): the owner-plan case looks for it in the language of the moment.
    {"idle", "空闲"},
    {"the plan does not say that cores idle: {0}", "切分方案没有说明有核空闲：{0}"},
    {"only {0} tiles with a 16 KiB UB", "16 KiB UB 下只有 {0} 个分块"},
    {"a tile needs {0} bytes of UB", "有一个分块需要 {0} 字节 UB"},
    {"{0}; {1} tiles of at most 16 KiB UB", "{0}；{1} 个分块，每个至多使用 16 KiB UB"},
    {"deterministic fp32 gradInput is bit-identical on 4 device profiles and to the reference",
     "确定性 fp32 gradInput 在 4 种设备配置上逐位相同，且与参考逐位相同"},
    {"16 random shapes (overlapping windows, O > I, both index types): bit-exact",
     "16 个随机形状（窗口重叠、O > I、两种索引类型）：逐位一致"},

    // cases_golden.cpp: PyTorch's golden vectors
    {"{0} has {1} cells, PyTorch {2}", "{0} 有 {1} 个单元格，PyTorch 有 {2} 个"},
    {"{0} cell {1} = {2}, PyTorch gives {3}", "{0} 单元格 {1} = {2}，PyTorch 给出 {3}"},
    {"within the summation bound of PyTorch's values ({0} associates its sums differently; {1})",
     "在 PyTorch 结果的求和误差界内（{0} 的求和结合顺序不同；{1}）"},
    {"bit-identical to PyTorch ({0})", "与 PyTorch 逐位相同（{0}）"},
};

}  // namespace

TranslationTable zhVerifyTable() { return {"verify", kVerifyEntries, std::size(kVerifyEntries)}; }

}  // namespace gradlab::i18n
