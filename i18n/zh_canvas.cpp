// Chinese for the canvas panels and widgets (scatter, tiling, pipeline, matrix, memory strips, player, legends) (see i18n/translate.h). Terms follow docs/glossary.md.
#include <iterator>

#include "i18n/zh_tables.h"

namespace gradlab::i18n {
namespace {

constexpr Translation kCanvasEntries[] = {
    // Top bar
    {"Save or open a session; where exports go; colours", "保存或打开会话；导出位置；配色"},
    {"backward ops on an emulated NPU", "模拟 NPU 上的反向算子"},
    {"Free exploration", "自由探索"},
    {"Presets", "预设"},
    {"Previous preset (Up)", "上一个预设（上方向键）"},
    {"Next preset (Down)", "下一个预设（下方向键）"},
    {"writing the GIF", "正在写入 GIF"},
    {"Keys, mouse and zoom (H or ?)", "按键、鼠标与缩放（H 或 ?）"},
    {"Normal view (P)", "普通视图 (P)"},
    {"Normal", "普通"},
    {"Presenter (P)", "演示 (P)"},
    {"Presenter", "演示"},
    {"Presenter mode: large fonts, high contrast (P)", "演示模式：大字体、高对比度（P）"},
    {"Screenshot (S)", "截图 (S)"},
    {"Shot", "截图"},
    {"Save a PNG screenshot (S)", "保存 PNG 截图（S）"},
    {"Export GIF", "导出 GIF"},
    {"GIF", "GIF"},
    {"Record this preset's animation as an animated GIF", "将此预设的动画录制为 GIF 动图"},

    // Player bar
    {"Back to the start", "回到开头"},
    {"Step back by a {0} (Left)", "按{0}后退（左方向键）"},
    {"  Pause  ", "  暂停  "},
    {"▶ Play ", "▶ 播放 "},
    {"Play / pause (Space)", "播放 / 暂停（空格键）"},
    {"Step forward by a {0} (Right)", "按{0}前进（右方向键）"},
    {"Jump to the end: the final result", "跳到结尾：最终结果"},
    {"no moves: the trace stopped before this plane", "没有移动：轨迹在此平面之前已停止"},
    {"{0} of {1} moves landed", "已落地 {0} / {1} 次移动"},
    {"{0} of {1} moves landed (trace capped)", "已落地 {0} / {1} 次移动（轨迹已截断）"},
    {"{0} beats/s", "{0} 拍/秒"},
    {"Speed, loop, one move at a time or cores in parallel", "速度、循环、逐次移动或各核并行"},
    {"speed", "速度"},
    {"%.2g beats/s", "%.2g 拍/秒"},
    {"loop", "循环"},
    {"one move at a time", "逐次移动"},
    {"cores in parallel", "各核并行"},
    {"One move at a time: every add in the recorded order.\n"
     "Cores in parallel: each core issues one move per beat; a cell never receives\n"
     "its adds out of the recorded order.",
     "逐次移动：每次加法都按记录的顺序进行。\n"
     "各核并行：每个核每拍发出一次移动；单元格收到的加法\n"
     "绝不会打乱记录的顺序。"},
    {"step by", "步进单位"},
    {"beat", "拍"},
    {"tile", "分块"},
    {"core", "核"},
    {"phase", "阶段"},
    {"What the step buttons and Left / Right jump by: a beat, or to where the next tile, core\n"
     "or phase sends its first move (a long run is crossed in a few steps).",
     "步进按钮和左 / 右方向键每次跳过的单位：一拍，或跳到下一个分块、核\n"
     "或阶段发出其第一次移动之处（很长的一段几步即可跨过）。"},
    {"beat {0} / {1}", "第 {0} / {1} 拍"},

    // Scatter panel and legends
    {"core {0}", "核 {0}"},
    {"memory order", "内存顺序"},
    {"(core colours once answered)", "（回答后按核着色）"},
    {"Under the grids: each tensor's cells in the order they sit in device memory, for the run's layout (M).",
     "网格下方：按本次运行的布局，显示每个张量的单元格在设备内存中的排列顺序（M）。"},
    {"plane", "平面"},
    {"{0} d{1}-d{2} of {3}", "{0} 的 d{1}-d{2}（共 {3} 片）"},
    {"{0} d{1} of {2}", "{0} 的 d{1}（共 {2} 片）"},
    {"forward: every output cell copies one input cell", "前向：每个输出单元格复制一个输入单元格"},
    {"order: each row's terms into T (W pass), then T's rows into gradInput (H pass)",
     "顺序：先把每行的项累加进 T（W 轮），再把 T 的各行累加进 gradInput（H 轮）"},
    {"order: the cube's one pass, in K order", "顺序：Cube 单元的单轮计算，按 K 的顺序"},
    {"order: deterministic, one owner core per cell", "顺序：确定性计算，每个单元格一个属主核"},
    {"order: atomic adds as recorded", "顺序：按记录的顺序原子加"},
    {"order: no cell is shared, each sums its own adds in order", "顺序：单元格互不共享，各自按序累加自己的加法"},
    {"Hidden to keep the digits readable; the inspector still shows a cell's index.",
     "已隐藏，以便数字清晰可读；检查器仍会显示单元格的索引。"},

    // Tiling panel
    {"src box ({0})", "源区域（{0}）"},
    {"dst box ({0})", "目标区域（{0}）"},
    {"write", "写入"},
    {"UB use", "UB 用量"},
    {"est. µs", "估计 µs"},
    {"atomic", "原子加"},
    {"store", "写出"},
    {"{0} of {1} bytes of UB: {2}", "UB 的 {1} 字节中用了 {0} 字节：{2}"},
    {"nothing staged", "未暂存任何数据"},
    {"At most half the UB: double-buffered, the next tile copies in beside it.",
     "不超过 UB 的一半：双缓冲，下一个分块在旁边同时搬入。"},
    {"More than half the UB: the core runs this tile alone, no overlap.", "超过 UB 的一半：核单独运行这个分块，没有重叠。"},
    {"{0}, {1}, UB {2} KiB each", "{0}，{1}，每核 UB {2} KiB"},
    {"{0} tile", "{0} 个分块"},
    {"{0} tiles", "{0} 个分块"},
    {"{0} core used", "用了 {0} 个核"},
    {"{0} cores used", "用了 {0} 个核"},
    {"phases: {0}", "阶段：{0}"},
    {"Each phase starts when every core has finished the one before it.", "每个阶段在所有核都完成上一阶段后才开始。"},
    {"Cores: {0}.", "核数：{0}。"},
    {"{0} µs = launch {1} + kernels {2}", "{0} µs = 启动 {1} + 核函数 {2}"},
    {"kernels only", "仅核函数"},
    {"Start the timeline where the kernels start, to see their pipelines.", "时间线从核函数开始处画起，以便看清它们的流水线。"},
    {"Modelled device time ({0}). Each vector core's lane has three rows: copy-in (MTE2), compute (vector), copy-out and atomic adds "
     "(MTE3); a cube core's four: copy-in to L1 (MTE2), load L0 (MTE1), matmul (CUBE), FixPipe out. The Pipeline tab draws them larger. "
     "A tile that needs at most half its buffers is double-buffered: the next tile copies in while "
     "this one computes. Copies are {1} % of the critical path; {2} KiB at {3} GB/s effective, "
     "{4} % of the {5} GB/s HBM.",
     "建模的设备时间（{0}）。每个 Vector 核的泳道有三行：搬入（MTE2）、计算（Vector）、搬出与原子加（MTE3）；"
     "Cube 核有四行：搬入到 L1（MTE2）、加载 L0（MTE1）、矩阵乘（CUBE）、FixPipe 输出。流水线页把它们画得更大。"
     "所需缓冲区不超过一半的分块采用双缓冲：本分块计算时，下一个分块同时搬入。"
     "搬运占关键路径的 {1} %；{2} KiB，有效带宽 {3} GB/s，为 {5} GB/s HBM 的 {4} %。"},
    {"from the trace", "来自轨迹"},
    {"estimated from the plan", "按切分方案估算"},
    {"The tile table waits until the question is answered.", "分块表在问题回答后显示。"},
    {"tiles: cores, boxes, UB use, time", "分块：核、区域、UB 用量、时间"},

    // Timeline and load chart
    {"launch", "启动"},
    {"kernel launch: {0} µs", "核函数启动：{0} µs"},
    {"The host hands the kernel to the device; no core starts before this has passed.",
     "主机把核函数交给设备；在此之前没有任何核开始运行。"},
    {"{0}, tile {1}: {2}", "{0}，分块 {1}：{2}"},
    {"{0} bytes", "{0} 字节"},
    {"imbalance {0} (max/mean)", "不均衡度 {0}（最大/平均）"},
    {"The busiest core's modelled time over the mean core time: 1 is a perfect balance.",
     "最忙核的建模时间除以各核平均时间：1 表示完全均衡。"},
    {"core {0}: {1} µs (mean {2} µs)", "核 {0}：{1} µs（平均 {2} µs）"},

    // Pipeline panel
    {"pong buffer (striped)", "pong 缓冲（斜纹）"},
    {"A tile that needs at most half of its core's buffers is double-buffered: tiles take turns in\n"
     "the two halves (ping, pong), so the next tile copies in while this one computes.\n"
     "Plain bars: ping, or a tile that runs alone.",
     "所需缓冲区不超过所在核一半的分块采用双缓冲：各分块轮流使用\n"
     "两半（ping、pong），于是本分块计算时，下一个分块同时搬入。\n"
     "纯色条：ping，或单独运行的分块。"},
    {"Click an event to select its tile: its boxes light up on the grids and in the Tiling tab's table.",
     "点击一个事件以选中它的分块：其区域会在网格上和分块页的表格中高亮。"},
    {"{0} rows {1}-{2}, cols {3}-{4}", "{0} 第 {1}-{2} 行，第 {3}-{4} 列"},
    {"T{0} on {1}, phase {2}, {3} buffer: reads {4}; writes {5}", "T{0} 在 {1} 上，阶段 {2}，{3} 缓冲：读取 {4}；写入 {5}"},
    {"T{0} on {1}, phase {2}, a single buffer: reads {4}; writes {5}", "T{0} 在 {1} 上，阶段 {2}，单缓冲：读取 {4}；写入 {5}"},
    {"grids", "网格"},
    {"the run's events", "本次运行的事件"},
    {"the plan's modelled events", "切分方案建模的事件"},
    {"{0}, {1} idle core(s) left out", "{0}，略去 {1} 个空闲核"},
    {"{0}, tile {1}: {2} on {3}", "{0}，分块 {1}：{2}，在 {3} 上"},
    {"click: select this tile", "点击：选中此分块"},
    {"selecting a tile waits for the answer", "回答之后才能选中分块"},

    // Matrix panel
    {"The forward runs no products: each out cell copies the self cell the 1s pick.",
     "前向不做矩阵乘：每个 out 单元格复制 1 所选中的 self 单元格。"},
    {"Strategy {0}: no matrix products run.", "策略 {0}：不做矩阵乘。"},
    {"run the cube strategy", "运行 cube 策略"},
    {"CANN's A2 kernel: T = gradOutput · A_W on the cube cores, then gradInput = A_H^T · T.",
     "CANN 的 A2 核函数：先在 Cube 核上算 T = gradOutput · A_W，再算 gradInput = A_H^T · T。"},
    {"Cube: {0} matmul tiles on this plane (W pass {1}, H pass {2}): play to watch them slide.",
     "Cube：此平面上有 {0} 个矩阵乘分块（W 轮 {1} 个，H 轮 {2} 个）：播放即可看它们滑动。"},
    {"{0}  ({1} of {2})", "{0}（第 {1} 个，共 {2} 个）"},
    {"The matrix view draws the 1-D and 2-D upsample operators, whose maps are 0/1 selection matrices (a 3-D call would need a third product, for D).",
     "矩阵视图展示 1-D 和 2-D 上采样算子，它们的映射是 0/1 选择矩阵（3-D 调用还需第三个乘积，用于 D 轴）。"},

    // Memory strips
    {"memory order: hidden until the question is answered (it shows every offset)",
     "内存顺序：回答问题后再显示（它会露出每个偏移）"},
    {"{0} in memory · {1}: {2}", "{0} 在内存中 · {1}：{2}"},
    {"{0}: {1} elements of storage, more than the memory strip draws ({2})",
     "{0}：底层存储有 {1} 个元素，超过内存条带能画的上限（{2}）"},
    {"{0} of {1} elements hold cells", "{1} 个元素中有 {0} 个存放单元格"},
    {"the first {0} shown", "仅显示前 {0} 个"},
    {"before the view, which starts at offset {0}", "在视图之前，视图从偏移 {0} 开始"},
    {"padding: no cell of the view lies here", "填充：这里没有视图的单元格"},
    {"offset {0}: {1}", "偏移 {0}：{1}"},
    {"plane {0}: click to show it on the grids", "平面 {0}：点击以在网格上显示"},

    // Grid captions (notes after the tensor's name)
    {"(final values; the trace has no moves for this plane)", "（最终值；轨迹中没有此平面的移动）"},
    {"(final values; the trace was truncated)", "（最终值；轨迹已截断）"},
    {"(final values)", "（最终值）"},
    {"(running fp32 sums)", "（fp32 累加中的部分和）"},
    {"(running fp64 sums)", "（fp64 累加中的部分和）"},
    {"(running sums, each rounded to {0})", "（累加中的部分和，每次都舍入为 {0}）"},
    {"(cells written so far)", "（目前已写入的单元格）"},
    {"(forward input)", "（前向输入）"},
    {"(running fp32 sums in the workspace)", "（工作空间中 fp32 累加中的部分和）"},
    {"(fp32, in the workspace)", "（fp32，位于工作空间）"},

    // Refusal pictures
    {"{0}   \u2190 breaks the rule", "{0}   \u2190 违反规则"},
    {"max {0}", "最大 {0}"},
    {"limit {0}", "上限 {0}"},
    {"at least {0}", "至少 {0}"},
    {"min {0}", "最小 {0}"},
    {"from {0}", "从 {0} 起"},
    {"you: {0}", "你的值：{0}"},
    {"plane {0} x {1}  (h * W + w in 0..{2})", "平面 {0} x {1}  （h * W + w 取值 0..{2}）"},
    {"row {0}, col {1}", "第 {0} 行，第 {1} 列"},
    {"(above row 0)", "（在第 0 行之上）"},
    {"({0} rows past the end)", "（超出末尾 {0} 行）"},
    {"rows {0}..{1}, cols {2}..{3}", "第 {0}..{1} 行，第 {2}..{3} 列"},
    {"its window", "它的窗口"},
    {"asked:", "请求的："},
    {"No rule of the explainer's table matches this refusal, so there is nothing to draw: the code "
     "and the library's sentence above are all that is known.",
     "解释器的规则表中没有与此次拒绝匹配的规则，因此无图可画：已知的只有上面的错误码和库给出的那句话。"},
    {"Why: {0}", "原因：{0}"},
    {"Your numbers", "你的数值"},
    {"To make it legal", "如何使其合法"},

    // Error histogram
    {"{0} cells with error {1} ULP", "{0} 个单元格误差为 {1} ULP"},
    {"{0} cells with error up to {1} ULP", "{0} 个单元格误差不超过 {1} ULP"},
    {"One correct rounding errs by at most ½ ULP.", "一次正确舍入的误差至多 ½ ULP。"},

    // Number fields (the controls' sizes and scales: their labels are shown through the translations)
    {"N", "N"},
    {"C", "C"},
    {"in L", "in L"},
    {"out L", "out L"},
    {"in = {0}, out = {1}", "in（输入侧）= {0}，out（输出侧）= {1}"},
    {"in L = {0}, out L = {1}", "in L（输入长度）= {0}，out L（输出长度）= {1}"},
    {"{0} (the teaching chip)", "{0}（教学芯片）"},
    {"in D", "in D"},
    {"out D", "out D"},
    {"scale D", "缩放 D"},
    {"in H", "in H"},
    {"in W", "in W"},
    {"out H", "out H"},
    {"out W", "out W"},
    {"seed", "种子"},
    {"scale", "缩放"},
    {"scale H", "缩放 H"},
    {"scale W", "缩放 W"},
    {"auto (0)", "自动 (0)"},
};

}  // namespace

TranslationTable zhCanvasTable() { return {"canvas", kCanvasEntries, std::size(kCanvasEntries)}; }

}  // namespace gradlab::i18n
