// Chinese for what the app says about the files it reads (sessions, lessons, presets) and its command line
#include <iterator>

#include "i18n/zh_tables.h"

namespace gradlab::i18n {
namespace {

constexpr Translation kFilesEntries[] = {
    // JSON: any field ({0}: "\"key\"", "\"values\"[3]", "steps[2].title"; as the file writes it)
    {"{0} has the wrong type", "{0} 的类型不对"},
    {"{0} is {1}, not a whole number in [{2}, {3}]", "{0} 为 {1}，不是 [{2}, {3}] 内的整数"},
    {"{0} is {1}, outside the finite range of {2}", "{0} 为 {1}，超出 {2} 的有限取值范围"},
    {"{0} is {1}, outside [{2}, {3}]", "{0} 为 {1}，超出 [{2}, {3}]"},
    {"{0} is {1}, outside [0, {2})", "{0} 为 {1}，超出 [0, {2})"},
    {"{0} is {1}, outside [0, 1]", "{0} 为 {1}，超出 [0, 1]"},
    {"{0} is {1}, outside [0, 1000] (0: from the sizes)", "{0} 为 {1}，超出 [0, 1000]（0：由尺寸推出）"},
    {"{0} is {1}: a number, \"nan\", \"inf\" or \"-inf\"", "{0} 为 {1}：应为数字、\"nan\"、\"inf\" 或 \"-inf\""},
    {"{0} is {1}, below 0", "{0} 为 {1}，小于 0"},
    {"{0} must be an array", "{0} 必须是数组"},
    {"{0} is {1} characters long; at most {2}", "{0} 长 {1} 个字符，最多 {2} 个"},
    {"{0} must be a non-empty array", "{0} 必须是非空数组"},
    {"{0} must be an object", "{0} 必须是对象"},
    {"{0} must be a string", "{0} 必须是字符串"},
    {"{0} is missing", "缺少 {0}"},
    {"must be an object", "必须是对象"},
    {"the top level must be an object", "顶层必须是对象"},
    {"the top level", "顶层"},
    {"{0} nests arrays or objects deeper than {1} levels", "{0} 中数组或对象的嵌套超过 {1} 层"},
    {"not valid JSON: {0}", "不是有效的 JSON：{0}"},
    {"{0} bytes, more than the {1} MiB a lesson or session may hold", "{0} 字节，超过课程或会话文件上限 {1} MiB"},
    {"more than {0} values (numbers, strings, arrays, objects): more than a lesson or session holds",
     "超过 {0} 个值（数字、字符串、数组、对象）：课程或会话不会有这么多"},
    {"{0} holds a text of {1} bytes, more than the {2} KiB a lesson or session text may have",
     "{0} 中有一段 {1} 字节的文本，超过课程或会话文本上限 {2} KiB"},
    {"cannot read it", "无法读取"},
    // request / view of a step or session
    {"unknown {0} \"{1}\"", "未知的 {0}：“{1}”"},
    {"unknown strategy \"{0}\" for {1} ({2}, cann or default)", "{1} 没有策略“{0}”（可选 {2}、cann 或 default）"},
    {"unknown accumulate \"{0}\" (fp32 or dtype)", "未知的 accumulate：“{0}”（应为 fp32 或 dtype）"},
    {"unknown schedule \"{0}\" (host or seed:N)", "未知的 schedule：“{0}”（应为 host 或 seed:N）"},
    {"unknown valueSource \"{0}\" (random, integers, ramp or ones)",
     "未知的 valueSource：“{0}”（应为 random、integers、ramp 或 ones）"},
    {"unknown timeline \"{0}\" (all or kernels)", "未知的 timeline：“{0}”（应为 all 或 kernels）"},
    {"lowDtype must be float16 or bfloat16", "lowDtype 必须是 float16 或 bfloat16"},
    // a step's exercise
    {"exercise: {0}", "练习：{0}"},
    {"unknown kind \"{0}\" (lands-in, feeds, owner, atomic-cells, value, argmax, offset, schedule, chips or thread)",
     "未知的 kind：“{0}”（应为 lands-in、feeds、owner、atomic-cells、value、argmax、offset、schedule、chips 或 thread）"},
    {"\"{0}\" asks about adaptive pooling; {1} has no windows", "“{0}”考的是自适应池化；{1} 没有窗口"},
    {"\"{0}\" asks about a backward operator's sums; {1} is a forward", "“{0}”考的是反向算子的累加；{1} 是正向算子"},
    // lessons and their Chinese texts
    {"preset {0}: {1}", "步骤 {0}：{1}"},
    {"{0} must be a plain name (letters, digits, '-', '_', '.'; at most 64), not \"{1}\"",
     "{0} 必须是简单名称（字母、数字、'-'、'_'、'.'；最多 64 个字符），而不是“{1}”"},
    {"each claim needs \"cell\": \"GRID[row, col]\"", "每条断言都需要 \"cell\": \"GRID[row, col]\""},
    {"a claim says \"adds\" or \"tie\"", "断言须写明 \"adds\" 或 \"tie\""},
    {"{0} is \"{1}\", not the lesson's \"{2}\"", "{0} 为“{1}”，与课程的“{2}”不符"},
    {"{0} has {1} entries, the lesson {2} steps", "{0} 有 {1} 项，而课程有 {2} 个步骤"},
    {"{0}: the English has no {1}, this has one", "{0}：英文版没有 {1}，这里却有"},
    {"{0}: the English has a {1}, this has none", "{0}：英文版有 {1}，这里却没有"},
    // caption placeholders and claims
    {"\"{0}\" is not GRID[row, col]", "“{0}”不是 GRID[row, col] 形式"},
    {"\"{0}\" has no row and column numbers", "“{0}”没有行号和列号"},
    {"{0} is outside {1} ({2})", "{0} 超出 {1} 的范围（{2}）"},
    {"the run has no grid \"{0}\"", "本次运行没有网格“{0}”"},
    {"unknown placeholder {0}", "未知的占位符 {0}"},
    {"{0} receives {1} add(s), not {2}", "{0} 收到 {1} 次累加，而不是 {2} 次"},
    {"{0} is not a pooled cell of adaptive max pooling", "{0} 不是自适应最大池化的池化输出单元格"},
    {"{0}'s window has its maximum in {1} cell(s): no tie", "{0} 的窗口中有 {1} 个单元格取到最大值：没有并列"},
    {"{0}'s window has its maximum in {1} cell(s): a tie", "{0} 的窗口中有 {1} 个单元格取到最大值：存在并列"},
    // sessions
    {"not a gradlab session (no \"gradlab-session\" version field)", "不是 gradlab 会话（没有 \"gradlab-session\" 版本字段）"},
    {"{0} is version {1}, newer than this app reads ({2}): update gradlab",
     "{0} 为版本 {1}，比本程序能读取的版本（{2}）新：请更新 gradlab"},
    {"{0} is {1}, not a version", "{0} 为 {1}，不是有效的版本号"},
    {"{0} is \"{1}\", not \"en\" or \"zh\"", "{0} 为“{1}”，应为 \"en\" 或 \"zh\""},
    {"cannot write {0}", "无法写入 {0}"},
    {"cannot read {0}", "无法读取 {0}"},
    // the command line
    {"{0} (gradlab --help lists the options)", "{0}（gradlab --help 列出所有选项）"},
    {"--lang takes en or zh, not \"{0}\"", "--lang 的取值为 en 或 zh，而不是“{0}”"},
    {"--tab takes scatter, tiling, pipeline, compare, verify, matrix or code, not \"{0}\"",
     "--tab 的取值为 scatter、tiling、pipeline、compare、verify、matrix 或 code，而不是“{0}”"},
    {"open a session or a --op run, not both", "会话和 --op 运行只能打开其一，不能同时打开"},
    {"--play needs a run (--op NAME ...)", "--play 需要一次运行（--op NAME ...）"},
    {"--size must be WIDTHxHEIGHT between 320x240 and 7680x4320, not \"{0}\"",
     "--size 必须是 320x240 到 7680x4320 之间的 WIDTHxHEIGHT，而不是“{0}”"},
    {"--assets {0} has no lessons/ directory", "--assets {0} 中没有 lessons/ 目录"},
    {"no assets directory found (set GRADLAB_ASSETS or pass --assets)", "找不到资源目录（请设置 GRADLAB_ASSETS 或传入 --assets）"},
    {"no lesson \"{0}\" in {1} (available: {2})", "{1} 中没有课程“{0}”（现有课程：{2}）"},
    {"no lesson \"{0}\" in {1} (available: none)", "{1} 中没有课程“{0}”（现有课程：无）"},
    {"lesson \"{0}\" has {1} presets, not {2}", "课程“{0}”只有 {1} 个步骤，没有第 {2} 个"},
    {"wrote session {0}", "已写出会话 {0}"},
    // rendering and writing images
    {"cannot create {0}: {1}", "无法创建 {0}：{1}"},
    {"cannot write {0}: {1}", "无法写入 {0}：{1}"},
    {"cannot finish {0}: {1}", "无法完成 {0}：{1}"},
    {"cannot create the export folder {0}: {1}", "无法创建导出文件夹 {0}：{1}"},
    {"cannot create the software renderer: {0}", "无法创建软件渲染器：{0}"},
    {"nothing was rendered", "没有渲染出任何内容"},
    {"GIF frame size does not match", "GIF 帧尺寸不一致"},
    {"the right answer to \"{0}\" was not accepted", "问题“{0}”的正确答案未被判为正确"},
    {"wrote {0} frame(s) of {1} to {2}", "已把 {1} 的 {0} 帧写到 {2}"},
    {"wrote {0} frame(s) of {1} to {2} and {3}", "已把 {1} 的 {0} 帧写到 {2} 和 {3}"},
    {"(the run shows the library's error {0}: {1})", "（本次运行展示的是库返回的错误 {0}：{1}）"},
    {"wrote {0} ({1} frames, {2}x{3})", "已写出 {0}（{1} 帧，{2}x{3}）"},
    {"SDL cannot initialise video: {0}", "SDL 无法初始化视频：{0}"},
    {"SDL cannot create a window: {0}", "SDL 无法创建窗口：{0}"},
    {"SDL cannot create a renderer: {0}", "SDL 无法创建渲染器：{0}"},
    {"cannot record: {0}", "无法录制：{0}"},
    {"finishing {0} ...", "正在完成 {0} ..."},
};

}  // namespace

TranslationTable zhFilesTable() { return {"files", kFilesEntries, std::size(kFilesEntries)}; }

}  // namespace gradlab::i18n
