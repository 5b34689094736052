<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>roofscope::AdviceText</name>
    <message>
        <source>Bandwidth-bound: cut bytes first (quantize weights), then fuse operators, then raise the batch so more work shares each weight read.</source>
        <translation>带宽受限：先减字节（权重量化），再做算子融合，最后堆 batch，让更多计算共享每次权重读取。</translation>
    </message>
    <message>
        <source>Bandwidth-bound: fuse operators, change the loop order, tile for reuse.</source>
        <translation>带宽受限：算子融合、调整 loop order、用 tiling 提高数据复用。</translation>
    </message>
    <message>
        <source>Balanced near the ridge: either side can pay off; measure how far the kernel is from the roof.</source>
        <translation>拐点附近，较为均衡：两侧都可优化，先实测 kernel 离屋顶线还有多远。</translation>
    </message>
    <message>
        <source>Compute-bound: reduce the FLOPs (distillation, pruning) and make sure the work runs on the tensor cores.</source>
        <translation>计算受限：减少计算量（蒸馏、剪枝），并确保计算跑在 Tensor Core 上。</translation>
    </message>
    <message>
        <source>Strongly compute-bound: use a lower precision (FP8/FP4) or hardware with more compute.</source>
        <translation>强烈计算受限：用更低精度（FP8/FP4），或换更高算力的硬件。</translation>
    </message>
    <message>
        <source>Bandwidth-bound by its formula (a bigger batch does not change its intensity): fuse it into the neighbouring kernel so its tensor is not written and read again, and stream a narrower dtype.</source>
        <translation>由公式决定的带宽受限（增大 batch 不会改变其算术强度）：把它融合进相邻 kernel，避免其张量被写出再读回，并使用更窄的数据类型。</translation>
    </message>
    <message>
        <source>Compute-bound on the vector units: use cheaper math (an approximate activation, fused multiply-adds) or fold the work into a tensor-core kernel.</source>
        <translation>受限于向量单元算力：改用更便宜的计算（近似激活函数、融合乘加），或把计算并入 Tensor Core kernel。</translation>
    </message>
    <message>
        <source>Near the vector roof: more math fused into this pass is almost free; measure how far the kernel is from the roof.</source>
        <translation>接近向量屋顶：在这一遍中融合更多计算几乎不增加成本；先实测 kernel 离屋顶线还有多远。</translation>
    </message>
    <message>
        <source>Bandwidth-bound on the KV cache, which each sequence reads for itself (a bigger batch does not help): shrink the cache (FP8 KV, fewer KV heads) and use a fused flash or paged attention kernel.</source>
        <translation>受限于 KV cache 带宽，每个序列各自读取自己的缓存（增大 batch 无济于事）：缩小缓存（FP8 KV、更少的 KV 头），并使用融合的 flash 或 paged attention kernel。</translation>
    </message>
    <message>
        <source>Compute-bound attention: use a flash-attention kernel on the tensor cores, FP8 attention, and skip fully masked blocks.</source>
        <translation>注意力计算受限：使用运行在 Tensor Core 上的 flash-attention kernel、FP8 注意力，并跳过完全被掩码的块。</translation>
    </message>
</context>
<context>
    <name>roofscope::AtomicFile</name>
    <message>
        <source>Cannot write the file: no file name was given</source>
        <translation>无法写入文件：未指定文件名</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>roofscope::CatalogController</name>
    <message>
        <source>Some Catalog Files Were Not Loaded</source>
        <translation>部分目录文件未能加载</translation>
    </message>
    <message>
        <source>These files were skipped; everything else is available:

%1

Fix or remove them and restart RoofScope.</source>
        <translation>已跳过以下文件，其余内容均可正常使用：

%1

请修正或删除这些文件后重启 RoofScope。</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>Add Hardware Catalog %1</source>
        <translation>添加硬件目录 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n accelerator(s) added</source>
        <translation>
            <numerusform>%1：已添加 %n 个加速器</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 updated</source>
        <translation>，更新 %1 个</translation>
    </message>
    <message>
        <source>Add Hardware?</source>
        <translation>添加为硬件？</translation>
    </message>
    <message>
        <source>%1 holds measured hardware peaks, no kernels. Add it as hardware?</source>
        <translation>%1 包含实测的硬件峰值，没有 kernel。要将其添加为硬件吗？</translation>
    </message>
    <message>
        <source>Add as Hardware</source>
        <translation>添加为硬件</translation>
    </message>
    <message>
        <source>%1: nothing was imported or added.</source>
        <translation>%1：未导入也未添加任何内容。</translation>
    </message>
    <message>
        <source>Cannot Add Hardware Catalog</source>
        <translation>无法添加硬件目录</translation>
    </message>
    <message>
        <source>Nothing was added.

%1</source>
        <translation>未添加任何内容。

%1</translation>
    </message>
    <message>
        <source>Add Hardware Catalog</source>
        <translation>添加硬件目录</translation>
    </message>
    <message>
        <source>Hardware catalogs (*.json *.csv);;All files (*)</source>
        <translation>硬件目录 (*.json *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>编辑 %1</translation>
    </message>
    <message>
        <source>Saved %1 to %2</source>
        <translation>已将 %1 保存到 %2</translation>
    </message>
    <message>
        <source>Cannot Save the Accelerator</source>
        <translation>无法保存加速器</translation>
    </message>
</context>
<context>
    <name>roofscope::ChartArea</name>
    <message>
        <source>Roofline</source>
        <translation>Roofline 图</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>服务吞吐</translation>
    </message>
</context>
<context>
    <name>roofscope::ComparisonModel</name>
    <message>
        <source>Time on the baseline ÷ time on this accelerator</source>
        <translation>基准加速器上的耗时 ÷ 本加速器上的耗时</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基准）</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>访存</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>加速器</translation>
    </message>
    <message>
        <source>AI (FLOP/B)</source>
        <translation>算术强度 (FLOP/B)</translation>
    </message>
    <message>
        <source>Attainable</source>
        <translation>可达算力</translation>
    </message>
    <message>
        <source>% of peak</source>
        <translation>峰值占比 (%)</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Speedup vs baseline</source>
        <translation>相对基准加速比</translation>
    </message>
    <message>
        <source>Not a measured entry with a datasheet beside it</source>
        <translation>不是附有规格书条目的实测条目</translation>
    </message>
    <message>
        <source>Measured ÷ datasheet</source>
        <translation>实测 ÷ 规格书</translation>
    </message>
</context>
<context>
    <name>roofscope::ComparisonPanel</name>
    <message>
        <source>Selected operator only</source>
        <translation>仅显示所选算子</translation>
    </message>
    <message>
        <source>Select an operator to compare accelerators against the baseline.</source>
        <translation>选择一个算子，以便将各加速器与基准对比。</translation>
    </message>
    <message>
        <source>%1 → %2: &lt;b&gt;%3× faster&lt;/b&gt; while the %4 %5 peak grew %6× and bandwidth %7×</source>
        <translation>%1 → %2：&lt;b&gt;快 %3×&lt;/b&gt;，而 %4 %5 峰值算力增长 %6×，带宽增长 %7×</translation>
    </message>
    <message>
        <source>%1 → %2: &lt;b&gt;%3× faster&lt;/b&gt;, bandwidth grew %4× (no %5 %6 peak on %7)</source>
        <translation>%1 → %2：&lt;b&gt;快 %3×&lt;/b&gt;，带宽增长 %4×（%7 没有 %5 %6 峰值）</translation>
    </message>
    <message>
        <source>%1: not compared (no %2 %3 peak)</source>
        <translation>%1：未比较（没有 %2 %3 峰值）</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Show or hide the sentences above the table</source>
        <translation>显示或隐藏表格上方的说明</translation>
    </message>
</context>
<context>
    <name>roofscope::ComparisonText</name>
    <message>
        <source>%1 more run not compared: %2</source>
        <translation>另有 %1 个运行未比较：%2</translation>
    </message>
    <message>
        <source>%1 more runs not compared: %2</source>
        <translation>另有 %1 个运行未比较：%2</translation>
    </message>
    <message>
        <source>%1 of %2 kernels paired (%3 by hand)</source>
        <translation>%2 个内核中配对 %1 个（%3 个手动）</translation>
    </message>
    <message>
        <source>%1 of %2 kernels paired (%3 by short name, %4 by hand)</source>
        <translation>%2 个内核中配对 %1 个（%3 个按短名称，%4 个手动）</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1 of %2 kernels paired</source>
        <translation>%2 个内核中配对 %1 个</translation>
    </message>
    <message>
        <source>%1 of %2 kernels paired (%3 by short name)</source>
        <translation>%2 个内核中配对 %1 个（%3 个按短名称）</translation>
    </message>
    <message>
        <source>%1 only before: %2</source>
        <translation>%1 个仅在优化前：%2</translation>
    </message>
    <message>
        <source>%1 only before: %2 and %3 more</source>
        <translation>%1 个仅在优化前：%2 等（另有 %3 个）</translation>
    </message>
    <message>
        <source>%1 only after: %2</source>
        <translation>%1 个仅在优化后：%2</translation>
    </message>
    <message>
        <source>%1 only after: %2 and %3 more</source>
        <translation>%1 个仅在优化后：%2 等（另有 %3 个）</translation>
    </message>
    <message>
        <source>whole run %1× faster</source>
        <translation>整个运行快 %1×</translation>
    </message>
    <message>
        <source>whole run %1× slower</source>
        <translation>整个运行慢 %1×</translation>
    </message>
    <message>
        <source>runs on different GPUs (%1 / %2): times are not like for like</source>
        <translation>两次运行在不同的 GPU 上（%1 / %2）：时间不可直接比较</translation>
    </message>
</context>
<context>
    <name>roofscope::CoreText</name>
    <message>
        <source>time not in this file: the point is placed from the rates it holds; no time, time share or totals</source>
        <translation>文件中没有时间：数据点按其中的速率放置；没有时间、时间占比和总计</translation>
    </message>
    <message>
        <source>zero time: no rates can be computed</source>
        <translation>时间为零：无法计算速率</translation>
    </message>
    <message>
        <source>no FLOP counters in the file: measured bandwidth only, no intensity</source>
        <translation>文件中没有 FLOP 计数器：只有实测带宽，没有算术强度</translation>
    </message>
    <message>
        <source>zero FLOPs: no intensity, not placed on the chart</source>
        <translation>FLOP 数为零：没有算术强度，不在图上绘制</translation>
    </message>
    <message>
        <source>no DRAM byte counters in the file: no DRAM intensity</source>
        <translation>文件中没有 DRAM 字节计数器：没有 DRAM 算术强度</translation>
    </message>
    <message>
        <source>zero DRAM bytes: no DRAM intensity, not placed on the chart</source>
        <translation>DRAM 字节数为零：没有 DRAM 算术强度，不在图上绘制</translation>
    </message>
    <message>
        <source>bytes derived from tensor shapes are a lower bound (each tensor moved once), so the intensity is an upper bound</source>
        <translation>由张量形状推算的字节数是下限（每个张量只计一次搬运），因此算术强度是上限</translation>
    </message>
    <message>
        <source>unknown device: pass --gpu ID to place it under a roof</source>
        <translation>设备未知：用 --gpu ID 指定 GPU，才能把它放到屋顶下</translation>
    </message>
    <message>
        <source>unknown device &quot;%1&quot;: no catalog entry matches; pass --gpu ID</source>
        <translation>未知设备 &quot;%1&quot;：目录中没有匹配的条目；请用 --gpu ID 指定</translation>
    </message>
    <message>
        <source>%1 has no %2 vector roof</source>
        <translation>%1 没有 %2 向量单元屋顶</translation>
    </message>
    <message>
        <source>%1 has no %2 tensor roof</source>
        <translation>%1 没有 %2 Tensor Core 屋顶</translation>
    </message>
    <message>
        <source>above the roof (%1 achieved, %2 attainable on %3 %4 vector): %5</source>
        <translation>高于屋顶（实测 %1，%3 的 %4 向量单元屋顶在此强度下可达 %2）：%5</translation>
    </message>
    <message>
        <source>above the roof (%1 achieved, %2 attainable on %3 %4 tensor): %5</source>
        <translation>高于屋顶（实测 %1，%3 的 %4 Tensor Core 屋顶在此强度下可达 %2）：%5</translation>
    </message>
    <message>
        <source>the GPU may run above the datasheet clock, the kernel may use a faster unit than the precision suggests (tensor cores), or L2 hits make DRAM bytes understate the traffic</source>
        <translation>GPU 可能运行在高于规格书的频率，内核可能使用了比其精度更快的单元（Tensor Core），或 L2 命中使 DRAM 字节数低估了实际流量</translation>
    </message>
    <message>
        <source>above this CPU&apos;s measured %1 FMA roof: the kernel may use a wider or other unit than the probe measured (AVX-512, AMX, BF16 dot products), its FLOP or byte counts may be off, or cache hits make its DRAM bytes understate the traffic</source>
        <translation>高于此 CPU 实测的 %1 FMA 屋顶：内核可能使用了比探测所测更宽或不同的单元（AVX-512、AMX、BF16 点积），其 FLOP 或字节计数可能有误，或缓存命中使其 DRAM 字节数低估了实际流量</translation>
    </message>
    <message>
        <source>placed from %1 of %2 launches (%3 of its time): %4 launch has no FLOPs</source>
        <translation>按 %2 次启动中的 %1 次放置（占其时间的 %3）：%4 次启动没有 FLOP 数</translation>
    </message>
    <message>
        <source>placed from %1 of %2 launches (%3 of its time): %4 launches have no FLOPs</source>
        <translation>按 %2 次启动中的 %1 次放置（占其时间的 %3）：%4 次启动没有 FLOP 数</translation>
    </message>
    <message>
        <source>%1 of %2 kernel is not on the chart: %3</source>
        <translation>%2 个内核中有 %1 个不在图上：%3</translation>
    </message>
    <message>
        <source>%1 of %2 kernels are not on the chart: %3</source>
        <translation>%2 个内核中有 %1 个不在图上：%3</translation>
    </message>
    <message>
        <source>besides those without FLOPs, %1 of %2 kernel is not on the chart: %3</source>
        <translation>除没有 FLOP 数的内核外，%2 个内核中还有 %1 个不在图上：%3</translation>
    </message>
    <message>
        <source>besides those without FLOPs, %1 of %2 kernels are not on the chart: %3</source>
        <translation>除没有 FLOP 数的内核外，%2 个内核中还有 %1 个不在图上：%3</translation>
    </message>
    <message>
        <source>%1 without FLOPs</source>
        <translation>%1 个没有 FLOP 数</translation>
    </message>
    <message>
        <source>%1 with zero FLOPs</source>
        <translation>%1 个 FLOP 数为零</translation>
    </message>
    <message>
        <source>%1 without a time</source>
        <translation>%1 个没有时间</translation>
    </message>
    <message>
        <source>%1 without DRAM bytes</source>
        <translation>%1 个没有 DRAM 字节数</translation>
    </message>
    <message>
        <source>%1 of %2 kernels (%3 of the kernel time) have no FLOPs: %4</source>
        <translation>%2 个内核中有 %1 个（占内核时间的 %3）没有 FLOP 数：%4</translation>
    </message>
    <message>
        <source>%1 kernel of %2: %3</source>
        <translation>%2 的 %1 个内核：%3</translation>
    </message>
    <message>
        <source>%1 kernels of %2: %3</source>
        <translation>%2 的 %1 个内核：%3</translation>
    </message>
    <message>
        <source>%1 kernel not linked to any cpu_op (none has its External id or its launch&apos;s correlation)</source>
        <translation>%1 个内核未关联到任何 cpu_op（它没有 External id，其启动也没有 correlation）</translation>
    </message>
    <message>
        <source>%1 kernels not linked to any cpu_op (none has its External id or its launch&apos;s correlation)</source>
        <translation>%1 个内核未关联到任何 cpu_op（它们都没有 External id，其启动也没有 correlation）</translation>
    </message>
    <message>
        <source>and %1 kernel of %2 other op</source>
        <translation>以及其他 %2 个算子的 %1 个内核</translation>
    </message>
    <message>
        <source>and %1 kernel of %2 other ops</source>
        <translation>以及其他 %2 个算子的 %1 个内核</translation>
    </message>
    <message>
        <source>and %1 kernels of %2 other op</source>
        <translation>以及其他 %2 个算子的 %1 个内核</translation>
    </message>
    <message>
        <source>and %1 kernels of %2 other ops</source>
        <translation>以及其他 %2 个算子的 %1 个内核</translation>
    </message>
    <message>
        <source>no Input Dims: record with record_shapes=True</source>
        <translation>没有 Input Dims：请用 record_shapes=True 录制</translation>
    </message>
    <message>
        <source>no Input Dims (the trace was recorded with record_shapes=True; this op records none)</source>
        <translation>没有 Input Dims（trace 已用 record_shapes=True 录制，但此算子未记录）</translation>
    </message>
    <message>
        <source>no FLOP model for this op</source>
        <translation>此算子没有 FLOP 模型</translation>
    </message>
    <message>
        <source>its Input Dims do not fit the op&apos;s FLOP model</source>
        <translation>其 Input Dims 与该算子的 FLOP 模型不符</translation>
    </message>
    <message>
        <source>an input&apos;s element type (Input type) is missing or unknown</source>
        <translation>某个输入的元素类型（Input type）缺失或未知</translation>
    </message>
    <message>
        <source>not linked to a cpu_op (no External id or correlation): time only</source>
        <translation>未关联到 cpu_op（没有 External id 或 correlation）：只有时间</translation>
    </message>
    <message>
        <source>%1: %2; time only</source>
        <translation>%1：%2；只有时间</translation>
    </message>
    <message>
        <source>%1 op with a size in Input Dims that is negative or not a number: those inputs read as of unknown shape (the first at %2)</source>
        <translation>%1 个算子的 Input Dims 中有负数或非数字的尺寸：这些输入按形状未知处理（第一处在 %2）</translation>
    </message>
    <message>
        <source>%1 ops with a size in Input Dims that is negative or not a number: those inputs read as of unknown shape (the first at %2)</source>
        <translation>%1 个算子的 Input Dims 中有负数或非数字的尺寸：这些输入按形状未知处理（第一处在 %2）</translation>
    </message>
    <message>
        <source>kernels ran on device %1, which deviceProperties does not list; it lists only %2, taken as their GPU</source>
        <translation>内核运行在设备 %1 上，但 deviceProperties 未列出该设备；它只列出了 %2，因此将其视为这些内核的 GPU</translation>
    </message>
    <message>
        <source>the trace has no deviceProperties (PyTorch before 1.9?): the kernels&apos; GPU is unknown</source>
        <translation>trace 中没有 deviceProperties（PyTorch 1.9 之前的版本？）：内核的 GPU 未知</translation>
    </message>
    <message>
        <source>a repeated key</source>
        <translation>键重复</translation>
    </message>
    <message>
        <source>no usable duration</source>
        <translation>没有可用的持续时间</translation>
    </message>
    <message>
        <source>not a complete event, &quot;ph&quot;: &quot;X&quot;</source>
        <translation>不是完整事件（&quot;ph&quot;: &quot;X&quot;）</translation>
    </message>
    <message>
        <source>of an unknown category: %1</source>
        <translation>类别未知：%1</translation>
    </message>
    <message>
        <source>%1, and %2 more</source>
        <translation>%1，以及另外 %2 个</translation>
    </message>
    <message>
        <source>no category, &quot;cat&quot;</source>
        <translation>没有类别（&quot;cat&quot;）</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>at %1: expected the kernel&apos;s duration in µs, a number &gt;= 0</source>
        <translation>在 %1：应为内核的持续时间（µs），即一个 &gt;= 0 的数</translation>
    </message>
    <message>
        <source>the first at %1: expected the kernel&apos;s duration in µs, a number &gt;= 0</source>
        <translation>第一处在 %1：应为内核的持续时间（µs），即一个 &gt;= 0 的数</translation>
    </message>
    <message>
        <source>%1 %2 skipped</source>
        <translation>已跳过 %1 %2</translation>
    </message>
    <message>
        <source>%1 %2 skipped (%3)</source>
        <translation>已跳过 %1 %2（%3）</translation>
    </message>
    <message>
        <source>on line %1</source>
        <translation>在第 %1 行</translation>
    </message>
    <message>
        <source>the first on line %1</source>
        <translation>第一处在第 %1 行</translation>
    </message>
    <message>
        <source>on line %1: %2</source>
        <translation>在第 %1 行：%2</translation>
    </message>
    <message>
        <source>the first on line %1: %2</source>
        <translation>第一处在第 %1 行：%2</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>在 %1</translation>
    </message>
    <message>
        <source>the first at %1</source>
        <translation>第一处在 %1</translation>
    </message>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>行</translation>
    </message>
    <message>
        <source>line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>lines</source>
        <translation>行</translation>
    </message>
    <message>
        <source>event</source>
        <translation>个事件</translation>
    </message>
    <message>
        <source>events</source>
        <translation>个事件</translation>
    </message>
    <message>
        <source>kernel event</source>
        <translation>个内核事件</translation>
    </message>
    <message>
        <source>kernel events</source>
        <translation>个内核事件</translation>
    </message>
    <message>
        <source>duration event</source>
        <translation>个时长事件</translation>
    </message>
    <message>
        <source>duration events</source>
        <translation>个时长事件</translation>
    </message>
    <message>
        <source>trace event</source>
        <translation>个 trace 事件</translation>
    </message>
    <message>
        <source>trace events</source>
        <translation>个 trace 事件</translation>
    </message>
    <message>
        <source>launch</source>
        <translation>次启动</translation>
    </message>
    <message>
        <source>launches</source>
        <translation>次启动</translation>
    </message>
    <message>
        <source>dispatch</source>
        <translation>次分派</translation>
    </message>
    <message>
        <source>dispatches</source>
        <translation>次分派</translation>
    </message>
    <message>
        <source>memory copy or set</source>
        <translation>次内存复制或设置</translation>
    </message>
    <message>
        <source>memory copies and sets</source>
        <translation>次内存复制或设置</translation>
    </message>
    <message>
        <source>value</source>
        <translation>个值</translation>
    </message>
    <message>
        <source>values</source>
        <translation>个值</translation>
    </message>
    <message>
        <source>ERT value</source>
        <translation>个 ERT 值</translation>
    </message>
    <message>
        <source>ERT values</source>
        <translation>个 ERT 值</translation>
    </message>
    <message>
        <source>and %1 more metric value skipped (could not be read)</source>
        <translation>另有 %1 个指标值无法读取，已跳过</translation>
    </message>
    <message>
        <source>and %1 more metric values skipped (could not be read)</source>
        <translation>另有 %1 个指标值无法读取，已跳过</translation>
    </message>
    <message>
        <source>and %1 more value skipped (could not be read)</source>
        <translation>另有 %1 个值无法读取，已跳过</translation>
    </message>
    <message>
        <source>and %1 more values skipped (could not be read)</source>
        <translation>另有 %1 个值无法读取，已跳过</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>%1: line %2: %3</source>
        <translation>%1：第 %2 行：%3</translation>
    </message>
    <message>
        <source>%1; the rest of the file was not read</source>
        <translation>%1；文件的其余部分未读取</translation>
    </message>
    <message>
        <source>the rest of the file was not read: %1</source>
        <translation>文件的其余部分未读取：%1</translation>
    </message>
    <message>
        <source>expected %1 cells, got %2 (file truncated?)</source>
        <translation>应有 %1 个单元格，实际为 %2 个（文件被截断？）</translation>
    </message>
    <message>
        <source>expected %1 cells as in the header, got %2</source>
        <translation>应与表头一样有 %1 个单元格，实际为 %2 个</translation>
    </message>
    <message>
        <source>not kernels</source>
        <translation>不是内核</translation>
    </message>
    <message>
        <source>program output, not rows of the table</source>
        <translation>程序输出，不是表格中的行</translation>
    </message>
    <message>
        <source>program output, not rows of a table</source>
        <translation>程序输出，不是表格中的行</translation>
    </message>
    <message>
        <source>not matching their table&apos;s header</source>
        <translation>与所在表格的表头不符</translation>
    </message>
    <message>
        <source>could not be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>column &quot;%1&quot; ignored (the columns read are %2)</source>
        <translation>已忽略列 &quot;%1&quot;（读取的列为 %2）</translation>
    </message>
    <message>
        <source>column %1: expected a number &gt; 0, got &quot;%2&quot;</source>
        <translation>列 %1：应为 &gt; 0 的数，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>column %1: expected a number &gt;= 0, got &quot;%2&quot;</source>
        <translation>列 %1：应为 &gt;= 0 的数，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>column name: expected a kernel name, got an empty cell</source>
        <translation>列 name：应为内核名称，实际为空单元格</translation>
    </message>
    <message>
        <source>column precision: unknown precision &quot;%1&quot; (expected one of: %2, optionally followed by :tensor or :vector)</source>
        <translation>列 precision：未知精度 &quot;%1&quot;（应为 %2 之一，后面可加 :tensor 或 :vector）</translation>
    </message>
    <message>
        <source>column launches: expected a whole number &gt;= 1, got &quot;%1&quot;</source>
        <translation>列 launches：应为 &gt;= 1 的整数，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>line %1: %2; metric skipped</source>
        <translation>第 %1 行：%2；已跳过该指标</translation>
    </message>
    <message>
        <source>metric %1 (launch %2): %3</source>
        <translation>指标 %1（启动 %2）：%3</translation>
    </message>
    <message>
        <source>expected a number, got &quot;%1&quot;</source>
        <translation>应为数字，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected a value &gt;= 0, got %1</source>
        <translation>应为 &gt;= 0 的值，实际为 %1</translation>
    </message>
    <message>
        <source>%1 (launch %2) out of range (are the counters corrupt?)</source>
        <translation>%1（启动 %2）超出范围（计数器是否损坏？）</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOP 数</translation>
    </message>
    <message>
        <source>%1 FLOPs</source>
        <translation>%1 FLOP 数</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节数</translation>
    </message>
    <message>
        <source>%1 (no other duration)</source>
        <translation>%1（没有其他持续时间）</translation>
    </message>
    <message>
        <source>launch %1 (%2): no duration (expected gpu__time_duration.sum, or smsp__cycles_elapsed.avg with smsp__cycles_elapsed.avg.per_second)</source>
        <translation>启动 %1（%2）：没有持续时间（应有 gpu__time_duration.sum，或 smsp__cycles_elapsed.avg 与 smsp__cycles_elapsed.avg.per_second）</translation>
    </message>
    <message>
        <source>no launch ID, kernel name or metric cells</source>
        <translation>没有启动 ID、内核名称或指标单元格</translation>
    </message>
    <message>
        <source>more cells than the header on line %1, not one export?</source>
        <translation>单元格比第 %1 行的表头多，不是同一次导出？</translation>
    </message>
    <message>
        <source>ncu reported %1 error before the table (kernels it failed to profile are not in the file), the first: %2</source>
        <translation>ncu 在表格之前报告了 %1 个错误（未能分析的内核不在文件中），第一个：%2</translation>
    </message>
    <message>
        <source>ncu reported %1 errors before the table (kernels it failed to profile are not in the file), the first: %2</source>
        <translation>ncu 在表格之前报告了 %1 个错误（未能分析的内核不在文件中），第一个：%2</translation>
    </message>
    <message>
        <source>%1 %2 skipped (%3); the device is named there: &quot;%4&quot;</source>
        <translation>已跳过 %1 %2（%3）；其中给出了设备名称：&quot;%4&quot;</translation>
    </message>
    <message>
        <source>%1 launch has rates but no duration (a roofline-chart section): placed from the FLOP/s and bytes/s the file holds; time not in this file, so no time, time share or totals</source>
        <translation>%1 次启动有速率但没有持续时间（来自屋顶线图部分）：按文件中的 FLOP/s 和 bytes/s 放置；文件中没有时间，因此没有时间、时间占比和总计</translation>
    </message>
    <message>
        <source>%1 launches have rates but no duration (a roofline-chart section): placed from the FLOP/s and bytes/s the file holds; time not in this file, so no time, time share or totals</source>
        <translation>%1 次启动有速率但没有持续时间（来自屋顶线图部分）：按文件中的 FLOP/s 和 bytes/s 放置；文件中没有时间，因此没有时间、时间占比和总计</translation>
    </message>
    <message>
        <source>FLOPs unknown: the file has no FLOP counters; run ncu with --metrics %1</source>
        <translation>FLOP 数未知：文件中没有 FLOP 计数器；请用 --metrics %1 运行 ncu</translation>
    </message>
    <message>
        <source>tensor pipe instructions (inst_executed_pipe_tensor) not counted as FLOPs: 512 FLOP per instruction holds only for Volta/Turing (CC 7.x); profile sm__ops_path_tensor_* to count tensor FLOPs</source>
        <translation>张量流水线指令（inst_executed_pipe_tensor）未计入 FLOP 数：每条指令 512 FLOP 只适用于 Volta/Turing（CC 7.x）；请采集 sm__ops_path_tensor_* 以统计张量 FLOP 数</translation>
    </message>
    <message>
        <source>%1 kernel has time 0: nvprof metrics carry no duration; add --print-gpu-trace or profile time separately</source>
        <translation>%1 个内核的时间为 0：nvprof 的指标不含持续时间；请加上 --print-gpu-trace，或另行采集时间</translation>
    </message>
    <message>
        <source>%1 kernels have time 0: nvprof metrics carry no duration; add --print-gpu-trace or profile time separately</source>
        <translation>%1 个内核的时间为 0：nvprof 的指标不含持续时间；请加上 --print-gpu-trace，或另行采集时间</translation>
    </message>
    <message>
        <source>line %1: %2; value skipped</source>
        <translation>第 %1 行：%2；已跳过该值</translation>
    </message>
    <message>
        <source>metric %1 (%2): %3</source>
        <translation>指标 %1（%2）：%3</translation>
    </message>
    <message>
        <source>Duration (%1): %2</source>
        <translation>Duration（%1）：%2</translation>
    </message>
    <message>
        <source>Time (%1): %2</source>
        <translation>Time（%1）：%2</translation>
    </message>
    <message>
        <source>expected a time and a call count</source>
        <translation>应为时间和调用次数</translation>
    </message>
    <message>
        <source>%1 (no units row)</source>
        <translation>%1（没有单位行）</translation>
    </message>
    <message>
        <source>FLOPs unknown: the file has no FLOP counters; run nvprof with --metrics %1</source>
        <translation>FLOP 数未知：文件中没有 FLOP 计数器；请用 --metrics %1 运行 nvprof</translation>
    </message>
    <message>
        <source>time unknown: the file has counters but no BeginNs/EndNs (Start_Timestamp/End_Timestamp) columns; import it together with a `rocprof --timestamp on` trace of the same run, or add --timestamp on to the counter run</source>
        <translation>时间未知：文件有计数器，但没有 BeginNs/EndNs（Start_Timestamp/End_Timestamp）列；请与同一次运行的 `rocprof --timestamp on` trace 一起导入，或在采集计数器时加上 --timestamp on</translation>
    </message>
    <message>
        <source>FLOPs unknown for %1 dispatches: they ran MFMA instructions and the file has no SQ_INSTS_VALU_MFMA_MOPS_* counters (gfx908 / MI100 has none), so their FLOPs cannot be counted; their time and bytes are shown</source>
        <translation>%1 次分派的 FLOP 数未知：它们执行了 MFMA 指令，而文件中没有 SQ_INSTS_VALU_MFMA_MOPS_* 计数器（gfx908 / MI100 没有此计数器），因此无法统计其 FLOP 数；仍显示其时间和字节数</translation>
    </message>
    <message>
        <source>FLOPs count VALU work only: the file has no SQ_INSTS_VALU_MFMA_MOPS_* counters, so matrix-core (MFMA) operations are not included</source>
        <translation>FLOP 数只统计 VALU 计算：文件中没有 SQ_INSTS_VALU_MFMA_MOPS_* 计数器，因此不含矩阵核心（MFMA）运算</translation>
    </message>
    <message>
        <source>FLOPs unknown: the file has no SQ_INSTS_VALU_* FLOP counters; add `pmc: SQ_INSTS_VALU_ADD_F32 SQ_INSTS_VALU_MUL_F32 SQ_INSTS_VALU_FMA_F32` (and _F64, _F16) to input.txt</source>
        <translation>FLOP 数未知：文件中没有 SQ_INSTS_VALU_* FLOP 计数器；请在 input.txt 中加入 `pmc: SQ_INSTS_VALU_ADD_F32 SQ_INSTS_VALU_MUL_F32 SQ_INSTS_VALU_FMA_F32`（以及 _F64、_F16）</translation>
    </message>
    <message>
        <source>DRAM bytes unknown: the file has no TCC_EA_RDREQ/TCC_EA_WRREQ or FETCH_SIZE/WRITE_SIZE counters; add `pmc: FETCH_SIZE WRITE_SIZE` to input.txt</source>
        <translation>DRAM 字节数未知：文件中没有 TCC_EA_RDREQ/TCC_EA_WRREQ 或 FETCH_SIZE/WRITE_SIZE 计数器；请在 input.txt 中加入 `pmc: FETCH_SIZE WRITE_SIZE`</translation>
    </message>
    <message>
        <source>DRAM bytes count reads only for %1 dispatches: the file has FETCH_SIZE but no WRITE_SIZE</source>
        <translation>%1 次分派的 DRAM 字节数只统计读取：文件中有 FETCH_SIZE，但没有 WRITE_SIZE</translation>
    </message>
    <message>
        <source>FLOPs unknown: %1 MFMA instructions and no SQ_INSTS_VALU_MFMA_MOPS_* counters</source>
        <translation>FLOP 数未知：有 %1 条 MFMA 指令，但没有 SQ_INSTS_VALU_MFMA_MOPS_* 计数器</translation>
    </message>
    <message>
        <source>joined %1 and %2 by dispatch: %3 dispatches (time from the first, counters from the second)</source>
        <translation>已按分派合并 %1 与 %2：%3 次分派（时间取自前者，计数器取自后者）</translation>
    </message>
    <message>
        <source>not joined %1 and %2: the dispatch sequences differ (%3)</source>
        <translation>未合并 %1 与 %2：两者的分派序列不同（%3）</translation>
    </message>
    <message>
        <source>%1 dispatches against %2</source>
        <translation>%1 次分派对 %2 次</translation>
    </message>
    <message>
        <source>dispatch %1 is %2 in one and %3 in the other</source>
        <translation>分派 %1 在一个文件中是 %2，在另一个文件中是 %3</translation>
    </message>
    <message>
        <source>tile padding: its %1×%2 tiles execute at least %3× the useful FLOPs of this %4 × %5 × %6 GEMM (%7 % of the executed work); placed at the useful FLOPs</source>
        <translation>分块填充：其 %1×%2 分块执行的 FLOP 数至少是此 %4 × %5 × %6 GEMM 有效 FLOP 数的 %3 倍（占所执行计算量的 %7 %）；按有效 FLOP 数放置</translation>
    </message>
    <message>
        <source>no op context for the kernels: the model join reads PyTorch profiler traces (torch.profiler with record_shapes=True)</source>
        <translation>内核没有算子上下文：模型关联读取 PyTorch profiler trace（使用 record_shapes=True 的 torch.profiler）</translation>
    </message>
    <message>
        <source>no op has Input Dims, so GEMMs cannot be matched to the model: record with torch.profiler.profile(..., record_shapes=True)</source>
        <translation>没有算子带 Input Dims，无法把 GEMM 与模型对应：请用 torch.profiler.profile(..., record_shapes=True) 录制</translation>
    </message>
    <message>
        <source>the trace&apos;s GEMMs are %1→%2 but %3 has hidden %4, intermediate %5, %6×%7 query and %8×%7 KV heads, vocabulary %9: not the model this trace ran (give its config.json)</source>
        <translation>trace 中的 GEMM 为 %1→%2，但 %3 的隐藏维度为 %4、中间维度为 %5、%6×%7 个查询头与 %8×%7 个 KV 头、词表 %9：不是此 trace 所运行的模型（请提供其 config.json）</translation>
    </message>
    <message>
        <source>no GEMM op with Input Dims among the trace&apos;s %1 kernels: is this %2&apos;s trace?</source>
        <translation>trace 的 %1 个内核中没有带 Input Dims 的 GEMM 算子：这是 %2 的 trace 吗？</translation>
    </message>
    <message>
        <source>no GEMM op with Input Dims to match to %1: %2 of %3 kernels have no launching op (replayed from a CUDA graph?); profile the model eagerly, e.g. model.generate() under torch.profiler with record_shapes=True</source>
        <translation>没有带 Input Dims 的 GEMM 算子可与 %1 对应：%3 个内核中有 %2 个没有发起它的算子（由 CUDA graph 重放？）；请以 eager 方式分析模型，例如在 torch.profiler（record_shapes=True）下运行 model.generate()</translation>
    </message>
    <message>
        <source>no lm_head GEMM (%1→%2, the vocabulary of %3) and no %4→%5 query projection beside attention; the widest GEMM has N = %6: is this the model&apos;s trace?</source>
        <translation>没有 lm_head GEMM（%1→%2，即 %3 的词表），注意力旁也没有 %4→%5 的查询投影；最宽的 GEMM 的 N = %6：这是该模型的 trace 吗？</translation>
    </message>
    <message>
        <source>pass %1 has no attention op the join reads (aten::_cudnn_attention_forward, scaled_dot_product_*, _flash_attention_forward) before its lm_head</source>
        <translation>第 %1 遍在其 lm_head 之前没有关联可读取的注意力算子（aten::_cudnn_attention_forward、scaled_dot_product_*、_flash_attention_forward）</translation>
    </message>
    <message>
        <source>pass %1 has no attention op the join reads (aten::_cudnn_attention_forward, scaled_dot_product_*, _flash_attention_forward) before its lm_head; its attention runs in %2, a serving engine&apos;s op: the join reads Hugging Face transformers traces (model.generate() under torch.profiler with record_shapes=True)</source>
        <translation>第 %1 遍在其 lm_head 之前没有关联可读取的注意力算子（aten::_cudnn_attention_forward、scaled_dot_product_*、_flash_attention_forward）；其注意力在推理服务引擎的算子 %2 中运行：关联读取 Hugging Face transformers 的 trace（在 torch.profiler（record_shapes=True）下运行 model.generate()）</translation>
    </message>
    <message>
        <source>attention has %1 query and %2 KV heads but %3 has %4 and %5</source>
        <translation>注意力有 %1 个查询头与 %2 个 KV 头，但 %3 有 %4 个与 %5 个</translation>
    </message>
    <message>
        <source>pass %1 has %2 layers but %3 has %4</source>
        <translation>第 %1 遍有 %2 层，但 %3 有 %4 层</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>%1 step %2 measured, %3 bound (%4): projections %5 at %6 of their bound</source>
        <translation>%1步实测 %2，界限 %3（%4）：投影 %5，达其界限的 %6</translation>
    </message>
    <message>
        <source>%1 other kernels %2 where the bound is %3</source>
        <translation>其余 %1 个内核 %2，而界限为 %3</translation>
    </message>
    <message>
        <source>%1 other kernels %2 where the bound is %3 — launch-bound: fuse them (torch.compile, CUDA graphs)</source>
        <translation>其余 %1 个内核 %2，而界限为 %3——受启动开销限制：请融合它们（torch.compile、CUDA graphs）</translation>
    </message>
    <message>
        <source>launch floor %1 (%2 kernels at ≥ %3)</source>
        <translation>启动下限 %1（%2 个内核，每个 ≥ %3）</translation>
    </message>
    <message>
        <source>%1 of kernels in %2 of wall (GPU busy %3)</source>
        <translation>墙钟时间 %2 中内核占 %1（GPU 忙碌 %3）</translation>
    </message>
    <message>
        <source>a lookup in a [%1, %2] table beside the token embedding: token types, as an encoder (BERT) has; RoofScope reads decoder-only transformers</source>
        <translation>词元嵌入旁还查了一张 [%1, %2] 的表：这是编码器（BERT）才有的词元类型嵌入；RoofScope 只读取仅解码器的 Transformer</translation>
    </message>
    <message>
        <source>no embedding lookup of a [vocabulary, hidden] table: this is not the trace of a language model (a vision or diffusion model embeds patches by convolution), and RoofScope reads decoder-only transformers</source>
        <translation>没有在 [词表, 隐藏维度] 表中查找嵌入的操作：这不是语言模型的 trace（视觉或扩散模型用卷积嵌入图像块），而 RoofScope 只读取仅解码器的 Transformer</translation>
    </message>
    <message>
        <source>its attention runs in %1, a serving engine&apos;s op whose shapes give no heads: RoofScope reads Hugging Face transformers traces (model.generate() under torch.profiler with record_shapes=True)</source>
        <translation>其注意力在 %1 中运行，这是推理服务引擎自己的操作，其形状读不出注意力头：RoofScope 读取 Hugging Face transformers 的 trace（在 torch.profiler 下以 record_shapes=True 运行 model.generate()）</translation>
    </message>
    <message>
        <source>no attention op after the embedding (scaled_dot_product_*, _cudnn_attention_forward, _flash_attention_forward) to read the heads from; for eager attention give the model&apos;s config.json</source>
        <translation>嵌入之后没有可读出注意力头的注意力操作（scaled_dot_product_*、_cudnn_attention_forward、_flash_attention_forward）；eager 注意力请提供模型的 config.json</translation>
    </message>
    <message>
        <source>attention reads a static KV cache of %1 slots at every decode step, so its key length is not the context: the %2 decode steps after a prefill take the prompt plus one token a step</source>
        <translation>注意力在每个解码步读取 %1 个槽位的静态 KV 缓存，因此其键长度不是上下文长度：预填充之后的 %2 个解码步的上下文取提示长度，每步加一个词元</translation>
    </message>
    <message>
        <source>%1 decode steps before any prefill take the static KV cache&apos;s size (%2 slots) as their context</source>
        <translation>在任何预填充之前的 %1 个解码步以静态 KV 缓存的大小（%2 个槽位）作为上下文</translation>
    </message>
    <message>
        <source>attention reads a sliding window of the last %1 keys at every decode step, so its key length is not the context: the %2 decode steps after a prefill take the prompt plus one token a step, and the model attends to all of it</source>
        <translation>注意力在每个解码步只读取滑动窗口内最近的 %1 个键，因此其键长度不是上下文长度：预填充之后的 %2 个解码步的上下文取提示长度，每步加一个词元，而模型按全部上下文计算注意力</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>roofscope::DataNames</name>
    <message>
        <source>Add/scale</source>
        <translation>逐元素加/缩放</translation>
    </message>
    <message>
        <source>GELU</source>
        <translation>GELU</translation>
    </message>
    <message>
        <source>LayerNorm</source>
        <translation>LayerNorm</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Decode matmul</source>
        <translation>解码矩阵乘</translation>
    </message>
    <message>
        <source>Prefill matmul</source>
        <translation>预填充矩阵乘</translation>
    </message>
    <message>
        <source>Big GEMM</source>
        <translation>大 GEMM</translation>
    </message>
    <message>
        <source>batch</source>
        <comment>ridge label: batch ≥ N</comment>
        <translation>批大小</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <comment>ridge label: prompt tokens ≥ N</comment>
        <translation>提示词元数</translation>
    </message>
    <message>
        <source>context</source>
        <comment>ridge label: context ≥ N</comment>
        <translation>上下文</translation>
    </message>
    <message>
        <source>tensor</source>
        <comment>compute unit: matrix engines</comment>
        <translation>Tensor Core</translation>
    </message>
    <message>
        <source>vector</source>
        <comment>compute unit: vector ALUs</comment>
        <translation>向量单元</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>precision, compute unit</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Elementwise</source>
        <translation>逐元素</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>RMSNorm</source>
        <translation>RMSNorm</translation>
    </message>
    <message>
        <source>Matmul</source>
        <translation>矩阵乘</translation>
    </message>
    <message>
        <source>Attention (decode)</source>
        <translation>注意力（解码）</translation>
    </message>
    <message>
        <source>Attention (prefill, flash)</source>
        <translation>注意力（预填充，Flash）</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列数</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>FLOPs per element</source>
        <translation>每元素 FLOP</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Quantization group</source>
        <translation>量化分组</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>Query heads</source>
        <translation>查询头数</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入数</translation>
    </message>
    <message>
        <source>KV-cache precision</source>
        <translation>KV 缓存精度</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>Output precision</source>
        <translation>输出精度</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出数</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示词元数</translation>
    </message>
    <message>
        <source>Weight precision</source>
        <translation>权重精度</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Output features (n)</source>
        <translation>输出特征数 (n)</translation>
    </message>
    <message>
        <source>Input features (k)</source>
        <translation>输入特征数 (k)</translation>
    </message>
    <message>
        <source>Tokens (m)</source>
        <translation>词元数 (m)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>kind: parameters</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>parameter name: value</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>roofscope::DocumentController</name>
    <message>
        <source>default</source>
        <translation>默认场景</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Opened %1. %2</source>
        <translation>已打开 %1。%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save Changes?</source>
        <translation>保存更改？</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them before closing it?</source>
        <translation>%1 有未保存的更改。关闭前要保存吗？</translation>
    </message>
    <message>
        <source>Cannot Open Scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>Nothing was changed.

%1</source>
        <translation>未做任何更改。

%1</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>RoofScope scenarios (%1);;JSON files (*.json)</source>
        <translation>RoofScope 场景 (%1);;JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Cannot Save Scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>scenario.roofscope.json</source>
        <translation>scenario.roofscope.json</translation>
    </message>
    <message>
        <source>RoofScope scenarios (%1)</source>
        <translation>RoofScope 场景 (%1)</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>last session</source>
        <translation>上次会话</translation>
    </message>
    <message>
        <source>The last session could not be restored; showing the default.</source>
        <translation>无法恢复上次会话，已显示默认场景。</translation>
    </message>
    <message>
        <source>The last session&apos;s unsaved changes could not be kept in a file (%1); they stay for the next start without a file.</source>
        <translation>上次会话未保存的更改无法保存到文件（%1）；下次不带文件启动时仍会恢复它们。</translation>
    </message>
    <message>
        <source>The last session&apos;s unsaved changes are kept in %1 (File ▸ Open Recent).</source>
        <translation>上次会话未保存的更改已保存在 %1（文件 ▸ 最近打开）。</translation>
    </message>
</context>
<context>
    <name>roofscope::ExportController</name>
    <message>
        <source>&amp;Export Figure…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <source>Export &amp;Data…</source>
        <translation>导出数据(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Copy Figure</source>
        <translation>复制图表(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Save the chart as PNG, SVG or PDF, sized for slides</source>
        <translation>将图表保存为 PNG、SVG 或 PDF，尺寸适合幻灯片</translation>
    </message>
    <message>
        <source>Save every plotted roof, point and sweep as CSV or JSON</source>
        <translation>将图中每条屋顶线、每个数据点和扫描路径保存为 CSV 或 JSON</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Put the figure on the clipboard as a PNG image</source>
        <translation>将图表以 PNG 图像形式复制到剪贴板</translation>
    </message>
    <message>
        <source>Cannot write %1: expected a file name ending in .csv or .json</source>
        <translation>无法写入 %1：文件名应以 .csv 或 .json 结尾</translation>
    </message>
    <message>
        <source>Cannot Export Figure</source>
        <translation>无法导出图表</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>JSON document (*.json)</source>
        <translation>JSON 文档 (*.json)</translation>
    </message>
    <message>
        <source>Export Data</source>
        <translation>导出数据</translation>
    </message>
    <message>
        <source>Cannot Export Data</source>
        <translation>无法导出数据</translation>
    </message>
    <message>
        <source>Cannot Copy Figure</source>
        <translation>无法复制图表</translation>
    </message>
    <message>
        <source>Copied the figure (%1 × %2) to the clipboard</source>
        <translation>已将图表（%1 × %2）复制到剪贴板</translation>
    </message>
</context>
<context>
    <name>roofscope::ExportDialog</name>
    <message>
        <source>Transparent background</source>
        <translation>透明背景</translation>
    </message>
    <message>
        <source>Export Figure</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <source>SVG drawing</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <source>PDF document</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <source>1280 × 720 (HD)</source>
        <translation>1280 × 720（HD）</translation>
    </message>
    <message>
        <source>1920 × 1080 (Full HD)</source>
        <translation>1920 × 1080（全高清）</translation>
    </message>
    <message>
        <source>3840 × 2160 (4K)</source>
        <translation>3840 × 2160（4K）</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Pixels per figure unit: 2× doubles the resolution of a PNG without changing how it looks</source>
        <translation>每个图表单位对应的像素数：2× 使 PNG 的分辨率加倍，而外观不变</translation>
    </message>
    <message>
        <source>As shown</source>
        <translation>与界面一致</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Slide (projector)</source>
        <translation>幻灯片（投影）</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>文件(&amp;F)：</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>格式(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <source>S&amp;cale:</source>
        <translation>缩放(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>T&amp;itle:</source>
        <translation>标题(&amp;I)：</translation>
    </message>
    <message>
        <source>Su&amp;btitle:</source>
        <translation>副标题(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Choose a file to export to.</source>
        <translation>请选择要导出到的文件。</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <source>Vector drawing, %1 × %2 units, text stays editable</source>
        <translation>矢量图，%1 × %2 单位，文字保持可编辑</translation>
    </message>
    <message>
        <source>One page of %1 × %2 points</source>
        <translation>单页，%1 × %2 点</translation>
    </message>
    <message>
        <source>Replace File?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <source>%1 already exists in %2. Replace it?</source>
        <translation>%2 中已存在 %1。要替换它吗？</translation>
    </message>
    <message>
        <source>No preview</source>
        <translation>无预览</translation>
    </message>
</context>
<context>
    <name>roofscope::FigureExporter</name>
    <message>
        <source>figure size %1×%2 at scale %3: expected 16…%4 pixels a side</source>
        <translation>图表尺寸 %1×%2、缩放 %3：每边应为 16…%4 像素</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline 图</translation>
    </message>
    <message>
        <source>Roofline chart made with RoofScope</source>
        <translation>由 RoofScope 生成的 Roofline 图</translation>
    </message>
    <message>
        <source>Cannot write %1: the %2 figure could not be drawn</source>
        <translation>无法写入 %1：无法绘制 %2 图表</translation>
    </message>
</context>
<context>
    <name>roofscope::HardwareEditorDialog</name>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>New Accelerator</source>
        <translation>新建加速器</translation>
    </message>
    <message>
        <source>e.g. NVIDIA RTX 6000 Ada</source>
        <translation>例如 NVIDIA RTX 6000 Ada</translation>
    </message>
    <message>
        <source>lowercase letters, digits and dashes</source>
        <translation>小写字母、数字和连字符</translation>
    </message>
    <message>
        <source>NVIDIA, AMD, Intel, Google, …</source>
        <translation>NVIDIA、AMD、Intel、Google……</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Id:</source>
        <translation>标识(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Vendor:</source>
        <translation>厂商(&amp;V)：</translation>
    </message>
    <message>
        <source>Dense peaks (0 = none)</source>
        <translation>稠密峰值算力（0 = 无）</translation>
    </message>
    <message>
        <source> TFLOP/s</source>
        <translation> TFLOP/s</translation>
    </message>
    <message>
        <source>Memory &amp;bandwidth:</source>
        <translation>显存带宽(&amp;B)：</translation>
    </message>
    <message>
        <source>Memory &amp;capacity:</source>
        <translation>显存容量(&amp;C)：</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>编辑 %1</translation>
    </message>
    <message>
        <source>Give the accelerator a name.</source>
        <translation>请为加速器命名。</translation>
    </message>
    <message>
        <source>The id is lowercase letters, digits, dots and dashes (&quot;rtx-6000-ada&quot;).</source>
        <translation>标识由小写字母、数字、点和连字符组成（如 &quot;rtx-6000-ada&quot;）。</translation>
    </message>
    <message>
        <source>Another accelerator already has the id &quot;%1&quot;: edit that one, or choose another id.</source>
        <translation>已有加速器使用标识 &quot;%1&quot;：请编辑那一个，或换一个标识。</translation>
    </message>
    <message>
        <source>Name the vendor.</source>
        <translation>请填写厂商。</translation>
    </message>
    <message>
        <source>Enter at least one peak.</source>
        <translation>请至少填写一个峰值算力。</translation>
    </message>
    <message>
        <source>Enter the memory bandwidth.</source>
        <translation>请填写显存带宽。</translation>
    </message>
</context>
<context>
    <name>roofscope::HardwareModel</name>
    <message>
        <source>Baseline: speedups are measured against it</source>
        <translation>基准：加速比以它为参照</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基准）</translation>
    </message>
    <message>
        <source>Main memory (HBM/DRAM) bandwidth</source>
        <translation>主存（HBM/DRAM）带宽</translation>
    </message>
    <message>
        <source>Ridge point: peak / bandwidth, in FLOP/byte</source>
        <translation>拐点：峰值算力 ÷ 带宽，单位 FLOP/byte</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>加速器</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>BF16 peak</source>
        <translation>BF16 峰值算力</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Ridge</source>
        <translation>拐点</translation>
    </message>
    <message>
        <source>no BF16</source>
        <translation>无 BF16</translation>
    </message>
    <message>
        <source>Dense BF16 tensor peak (&quot;no BF16&quot; when the accelerator has none)</source>
        <translation>稠密 BF16 Tensor Core 峰值算力（加速器不支持 BF16 时显示“无 BF16”）</translation>
    </message>
</context>
<context>
    <name>roofscope::HardwarePanel</name>
    <message>
        <source>Filter by name, vendor or id</source>
        <translation>按名称、厂商或 ID 筛选</translation>
    </message>
    <message>
        <source>Make Baseline</source>
        <translation>设为基准</translation>
    </message>
    <message>
        <source>Measure speedups against this accelerator</source>
        <translation>以此加速器为基准计算加速比</translation>
    </message>
</context>
<context>
    <name>roofscope::KernelModel</name>
    <message>
        <source>before · %1</source>
        <translation>优化前 · %1</translation>
    </message>
    <message>
        <source>after · %1</source>
        <translation>优化后 · %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Against the %1 roof of %2</source>
        <translation>相对于 %2 的 %1 屋顶</translation>
    </message>
    <message>
        <source>Arithmetic intensity at DRAM (HBM): FLOPs ÷ DRAM bytes</source>
        <translation>DRAM（HBM）处的算术强度：FLOPs ÷ DRAM 字节数</translation>
    </message>
    <message>
        <source>Arithmetic intensity at L2: FLOPs ÷ L2 bytes</source>
        <translation>L2 处的算术强度：FLOPs ÷ L2 字节数</translation>
    </message>
    <message>
        <source>Arithmetic intensity at L1: FLOPs ÷ L1 bytes</source>
        <translation>L1 处的算术强度：FLOPs ÷ L1 字节数</translation>
    </message>
    <message>
        <source>Achieved FLOP/s as a share of the roof at the kernel&apos;s DRAM intensity</source>
        <translation>实测 FLOP/s 占该内核 DRAM 强度处屋顶的比例</translation>
    </message>
    <message>
        <source>Before time ÷ after time of the kernel and its partner in the other run (paired by name or by hand)</source>
        <translation>该内核与另一运行中配对内核（按名称或手动配对）的优化前时间 ÷ 优化后时间</translation>
    </message>
    <message>
        <source>The analytic operator this kernel is linked to</source>
        <translation>该内核所关联的解析算子</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>FLOP/s</source>
        <translation>FLOP/s</translation>
    </message>
    <message>
        <source>AI DRAM</source>
        <translation>AI DRAM</translation>
    </message>
    <message>
        <source>AI L2</source>
        <translation>AI L2</translation>
    </message>
    <message>
        <source>AI L1</source>
        <translation>AI L1</translation>
    </message>
    <message>
        <source>% of roof</source>
        <translation>屋顶占比</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>受限类型</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>not in this file</source>
        <translation>文件中没有</translation>
    </message>
</context>
<context>
    <name>roofscope::KernelSentence</name>
    <message>
        <source>Above its roof: the GPU may run above its datasheet clock, the kernel may use a faster unit than its precision suggests (tensor cores), or L2 hits make its DRAM bytes understate the traffic.</source>
        <translation>高于其屋顶：GPU 可能运行在高于规格书的频率，内核可能使用了比其精度更快的单元（张量核心），或 L2 命中使 DRAM 字节数低估了实际流量。</translation>
    </message>
    <message>
        <source>Paired by hand with %1.</source>
        <translation>已手动与 %1 配对。</translation>
    </message>
    <message>
        <source>an unknown GPU</source>
        <translation>未知 GPU</translation>
    </message>
    <message>
        <source>%1 on %2: </source>
        <translation>%1 在 %2 上：</translation>
    </message>
    <message>
        <source>%1 launches, </source>
        <translation>%1 次启动，</translation>
    </message>
    <message>
        <source>%1 (%2 % of the run)</source>
        <translation>%1（占本次运行的 %2 %）</translation>
    </message>
    <message>
        <source>, no FLOPs counted: it is listed but has no place on the chart.</source>
        <translation>，未统计 FLOP：只列在表中，不在图上绘制。</translation>
    </message>
    <message>
        <source>, AI %1 FLOP/byte at DRAM</source>
        <translation>，DRAM 处算术强度 %1 FLOP/byte</translation>
    </message>
    <message>
        <source>, %1 achieved</source>
        <translation>，实测 %1</translation>
    </message>
    <message>
        <source> = %1 % of the %2 roof (memory-bound)</source>
        <translation> = %2 屋顶的 %1 %（访存受限）</translation>
    </message>
    <message>
        <source> = %1 % of the %2 roof (compute-bound)</source>
        <translation> = %2 屋顶的 %1 %（计算受限）</translation>
    </message>
    <message>
        <source>An instance of %1: the model predicts %2 on the %3 roof (memory-bound)</source>
        <translation>%1 的一个实例：模型预测在 %3 屋顶下可达 %2（访存受限）</translation>
    </message>
    <message>
        <source>An instance of %1: the model predicts %2 on the %3 roof (compute-bound)</source>
        <translation>%1 的一个实例：模型预测在 %3 屋顶下可达 %2（计算受限）</translation>
    </message>
    <message>
        <source>; the kernel achieves %1 % of that</source>
        <translation>；该内核实测达到预测值的 %1 %</translation>
    </message>
    <message>
        <source>; at its useful FLOPs the kernel achieves %1 % of that</source>
        <translation>；按有效 FLOPs 计，该内核实测达到预测值的 %1 %</translation>
    </message>
    <message>
        <source>Its %1×%2 tiles executed %3× the FLOPs of %4: %5 % of the tensor work was padding.</source>
        <translation>它的 %1×%2 分块执行了 %4 的 FLOPs 的 %3 倍：%5 % 的张量计算是填充。</translation>
    </message>
    <message>
        <source>Its tensor units executed %1× the FLOPs of %2: %3 % of the work was padding.</source>
        <translation>它的张量单元执行了 %2 的 FLOPs 的 %1 倍：%3 % 的计算是填充。</translation>
    </message>
    <message>
        <source>At the useful FLOPs its intensity is %1 FLOP/byte, not %2.</source>
        <translation>按有效 FLOPs 计，其算术强度为 %1 FLOP/byte，而不是 %2。</translation>
    </message>
    <message>
        <source>An instance of %1, which is not estimated on this GPU.</source>
        <translation>%1 的一个实例，但它在这块 GPU 上没有估算。</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Before → after: %1.</source>
        <translation>优化前 → 优化后：%1。</translation>
    </message>
    <message>
        <source>Before → after: %1, %2× faster.</source>
        <translation>优化前 → 优化后：%1，快 %2×。</translation>
    </message>
    <message>
        <source>Before → after: %1, %2× slower.</source>
        <translation>优化前 → 优化后：%1，慢 %2×。</translation>
    </message>
    <message>
        <source>Paired by short name with %1.</source>
        <translation>按短名称与 %1 配对。</translation>
    </message>
    <message>
        <source>Above this CPU&apos;s measured %1 FMA roof: the kernel may use a wider or other unit than the probe measured (AVX-512, AMX, BF16 dot products), its FLOP or byte counts may be off, or cache hits make its DRAM bytes understate the traffic.</source>
        <translation>高于此 CPU 实测的 %1 FMA 屋顶：内核可能使用了比探测所测更宽或不同的单元（AVX-512、AMX、BF16 点积），其 FLOP 或字节计数可能有误，或缓存命中使其 DRAM 字节数低估了实际流量。</translation>
    </message>
    <message>
        <source>time not in this file</source>
        <translation>文件中没有时间</translation>
    </message>
</context>
<context>
    <name>roofscope::KernelsPanel</name>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>&amp;Pair With</source>
        <translation>配对到(&amp;P)</translation>
    </message>
    <message>
        <source>Pair this kernel by hand with an unpaired kernel of the other run (undoable)</source>
        <translation>将此内核手动与另一运行中未配对的内核配对（可撤销）</translation>
    </message>
    <message>
        <source>&amp;Unpair</source>
        <translation>取消配对(&amp;U)</translation>
    </message>
    <message>
        <source>Take this kernel&apos;s before/after pair apart (undoable)</source>
        <translation>拆开此内核的优化前/优化后配对（可撤销）</translation>
    </message>
    <message>
        <source>The run compared as before</source>
        <translation>作为优化前比较的运行</translation>
    </message>
    <message>
        <source>The run compared as after</source>
        <translation>作为优化后比较的运行</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>优化前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>优化后</translation>
    </message>
    <message>
        <source>%1 says its GPU is &quot;%2&quot;, which the catalog does not know. Measure its kernels against:</source>
        <translation>%1 声明其 GPU 为“%2”，目录中没有此型号。用以下加速器衡量其内核：</translation>
    </message>
    <message numerus="yes">
        <source>Imported %Ln kernel(s).</source>
        <translation>
            <numerusform>已导入 %Ln 个内核。</numerusform>
        </translation>
    </message>
    <message>
        <source>Group launches</source>
        <translation>合并启动</translation>
    </message>
    <message>
        <source>Import profiler exports: %1 (Help ▸ Profiler Commands says how to make them)</source>
        <translation>导入性能分析器导出文件：%1（帮助 ▸ 性能分析器命令 说明如何生成）</translation>
    </message>
    <message>
        <source>Import one row per kernel name (launches, time, FLOPs and bytes summed) instead of one row per launch: a serving run&apos;s trace holds millions of launches of a few hundred kernels</source>
        <translation>每个内核名称导入一行（启动次数、时间、FLOPs 与字节数求和），而不是每次启动一行：一次推理服务的 trace 含有几百个内核的数百万次启动</translation>
    </message>
    <message>
        <source>Profiler exports (%1);;All files (*)</source>
        <translation>性能分析器导出文件 (%1);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Importing %1 would make %2 kernels in the document; a document holds at most %3. Check &quot;Group launches&quot; to import one row per kernel name, or remove a run first.

Nothing was changed.</source>
        <translation>导入 %1 会使文档中有 %2 个内核；一个文档最多容纳 %3 个。请勾选“合并启动”以每个内核名称导入一行，或先移除一次运行。

未作任何更改。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Imported %1 launches of %2 kernels.</source>
        <translation>已导入 %2 个内核的 %1 次启动。</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message numerus="yes">
        <source>%n of them not on the chart.</source>
        <translation>
            <numerusform>其中 %n 个不在图上。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 (Help ▸ Profiler Commands says how to record them)</source>
        <translation>%1：%2（帮助 ▸ 性能分析器命令 说明如何记录）</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s): see the Kernels panel.</source>
        <translation>
            <numerusform>%n 条警告：见内核面板。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (hover for all)</source>
        <translation>
            <numerusform>… 另有 %n 条（悬停查看全部）</numerusform>
        </translation>
    </message>
    <message>
        <source>Hierarchical</source>
        <translation>分层视图</translation>
    </message>
    <message>
        <source>Filter kernels by name</source>
        <translation>按名称筛选内核</translation>
    </message>
    <message>
        <source>Import &amp;Measurements…</source>
        <translation>导入测量数据(&amp;M)…</translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <source>&amp;Link to Operator…</source>
        <translation>关联到算子(&amp;L)…</translation>
    </message>
    <message>
        <source>Draw an arrow from an analytic operator&apos;s point to this kernel</source>
        <translation>从解析算子的点向该内核画一个箭头</translation>
    </message>
    <message>
        <source>&amp;Remove Run</source>
        <translation>移除运行(&amp;R)</translation>
    </message>
    <message>
        <source>Remove the selected kernel&apos;s import (undoable)</source>
        <translation>移除所选内核所属的导入（可撤销）</translation>
    </message>
    <message>
        <source>One point per memory level (L1, L2, DRAM) for each kernel, joined by a line</source>
        <translation>每个内核在每个存储层级（L1、L2、DRAM）各一个点，并用线连接</translation>
    </message>
    <message>
        <source>Label top </source>
        <translation>标注前 </translation>
    </message>
    <message>
        <source>Label the kernels that take the most time; others on hover</source>
        <translation>标注耗时最多的内核；其余悬停显示</translation>
    </message>
    <message>
        <source>Importing Measurements</source>
        <translation>正在导入测量数据</translation>
    </message>
    <message>
        <source>Import Measurements</source>
        <translation>导入测量数据</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Import cancelled; nothing changed.</source>
        <translation>导入已取消；未做任何更改。</translation>
    </message>
    <message>
        <source>Could not import %1:

%2

Nothing was changed.</source>
        <translation>无法导入 %1：

%2

未做任何更改。</translation>
    </message>
    <message>
        <source>%1: no kernels (hardware peaks only)</source>
        <translation>%1：没有内核（仅有硬件峰值）</translation>
    </message>
    <message>
        <source>%1 does not name its GPU. Measure its kernels against:</source>
        <translation>%1 未注明 GPU。将其内核对照以下 GPU 测量：</translation>
    </message>
    <message>
        <source>(no link)</source>
        <translation>（不关联）</translation>
    </message>
    <message>
        <source>Link to Operator</source>
        <translation>关联到算子</translation>
    </message>
    <message>
        <source>Measured kernel %1 is an instance of:</source>
        <translation>实测内核 %1 是以下解析算子的一个实例：</translation>
    </message>
    <message>
        <source>It states %1, which no catalog entry fits.</source>
        <translation>文件注明 %1，目录中没有相符的条目。</translation>
    </message>
    <message>
        <source>It states %1: the catalog entries that fit are listed first.</source>
        <translation>文件注明 %1：相符的目录条目列在最前。</translation>
    </message>
</context>
<context>
    <name>roofscope::MachineMeasurer</name>
    <message>
        <source>Measure This Machine</source>
        <translation>测量本机</translation>
    </message>
    <message>
        <source>Starting the measurement…</source>
        <translation>正在开始测量…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stopping after the measurement under way…</source>
        <translation>当前这项测量完成后停止…</translation>
    </message>
    <message>
        <source>Measuring %1
Every core is kept busy: the rest of the machine may be slow.</source>
        <translation>正在测量 %1
所有核心均满载运行：本机其他程序可能变慢。</translation>
    </message>
    <message>
        <source>Measurement cancelled: nothing was added</source>
        <translation>测量已取消：未添加任何内容</translation>
    </message>
    <message>
        <source>Cannot Add the Measured Machine</source>
        <translation>无法添加测得的机器</translation>
    </message>
    <message>
        <source>Measured %1: FP64 %2, memory %3; added to the catalog and checked</source>
        <translation>已测量 %1：FP64 %2，内存 %3；已加入目录并勾选</translation>
    </message>
    <message>
        <source>CPU (every core)</source>
        <translation>CPU（全部核心）</translation>
    </message>
    <message>
        <source>Vulkan %1: %2 (%3)</source>
        <translation>Vulkan %1：%2（%3）</translation>
    </message>
    <message>
        <source>Cannot Measure the Vulkan Device</source>
        <translation>无法测量该 Vulkan 设备</translation>
    </message>
    <message>
        <source>Measured %1: FP32 %2, memory %3; added to the catalog and checked</source>
        <translation>已测量 %1：FP32 %2，内存 %3；已加入目录并勾选</translation>
    </message>
</context>
<context>
    <name>roofscope::MainWindow</name>
    <message>
        <source>&amp;Profiler Commands</source>
        <translation>性能分析器命令(&amp;P)</translation>
    </message>
    <message>
        <source>The commands that produce files RoofScope imports</source>
        <translation>生成 RoofScope 可导入文件的命令</translation>
    </message>
    <message>
        <source>Accelerators</source>
        <translation>加速器</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Read-out</source>
        <translation>读数</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Drag a point or the batch slider across the ridge.</source>
        <translation>拖动数据点或 batch 滑块，让算子越过拐点。</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Ctrl+Q</source>
        <translation>Ctrl+Q</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Duplicate Operator</source>
        <translation>复制算子(&amp;D)</translation>
    </message>
    <message>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <source>Re&amp;name Operator</source>
        <translation>重命名算子(&amp;N)</translation>
    </message>
    <message>
        <source>F2</source>
        <translation>F2</translation>
    </message>
    <message>
        <source>&amp;Remove Operator</source>
        <translation>删除算子(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <source>&amp;Reset View</source>
        <translation>重置视图(&amp;R)</translation>
    </message>
    <message>
        <source>Reset &amp;Label Positions</source>
        <translation>重置标签位置(&amp;L)</translation>
    </message>
    <message>
        <source>Put every label you dragged back where the chart places it</source>
        <translation>将所有拖动过的标签放回图表自动安排的位置</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>Fit the axes to the data (double-click the chart)</source>
        <translation>让坐标轴适配数据（也可双击图表）</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Slide</source>
        <translation>幻灯片(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Roofs and Overlays</source>
        <translation>屋顶线与叠加层(&amp;R)</translation>
    </message>
    <message>
        <source>FP8 Tensor Roof</source>
        <translation>FP8 Tensor Core 屋顶</translation>
    </message>
    <message>
        <source>FP32 Vector Roof</source>
        <translation>FP32 向量屋顶</translation>
    </message>
    <message>
        <source>FP64 Roof</source>
        <translation>FP64 屋顶</translation>
    </message>
    <message>
        <source>Sweep Path</source>
        <translation>扫描路径</translation>
    </message>
    <message>
        <source>Operator Labels</source>
        <translation>算子标签</translation>
    </message>
    <message>
        <source>&amp;About RoofScope</source>
        <translation>关于 RoofScope(&amp;A)</translation>
    </message>
    <message>
        <source>Cannot Open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>%1: no such file; a new document is open instead.</source>
        <translation>%1：没有这个文件；已改为打开一个新文档。</translation>
    </message>
    <message>
        <source>%1

A new document is open instead.</source>
        <translation>%1

已改为打开一个新文档。</translation>
    </message>
    <message>
        <source>About RoofScope</source>
        <translation>关于 RoofScope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;RoofScope %1&lt;/h3&gt;&lt;p&gt;The roofline model of GPU performance, for engineers optimizing LLM inference: pick accelerators and operators, see where each operator sits against the roofs, drag it across the ridge.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;RoofScope %1&lt;/h3&gt;&lt;p&gt;GPU 性能的 Roofline 模型，为优化 LLM 推理的工程师而作：选择加速器和算子，看清每个算子相对屋顶线的位置，并把它拖过拐点。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1[*] — RoofScope</source>
        <translation>%1[*] — RoofScope</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Model Totals</source>
        <translation>模型总计</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>部署规划</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>%2(&amp;%1)</translation>
    </message>
    <message>
        <source>No Recent Files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>A new document with the four example accelerators and operators</source>
        <translation>新建文档，包含四个示例加速器和示例算子</translation>
    </message>
    <message>
        <source>&amp;Reading the Chart</source>
        <translation>如何阅读图表(&amp;R)</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Reading the roofline chart&lt;/h3&gt;&lt;p&gt;&lt;b&gt;Axes.&lt;/b&gt; Both are logarithmic. Across: arithmetic intensity, the FLOPs an operator does per byte it moves to or from memory. Up: FLOP/s it can attain.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Roofs.&lt;/b&gt; Each accelerator draws a slope (memory bandwidth × intensity) that meets a flat roof (its peak FLOP/s for the operator&apos;s precision). Where they meet is the &lt;b&gt;ridge&lt;/b&gt;: the intensity needed to keep the compute units busy.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Points.&lt;/b&gt; An operator is a point per checked accelerator. Left of the ridge it sits on the slope: &lt;b&gt;memory-bound&lt;/b&gt;, faster memory or fewer bytes help, more FLOP/s do not. Right of it, on the flat roof: &lt;b&gt;compute-bound&lt;/b&gt;. The Read-out says which, how far from the ridge, and what to try.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Moving.&lt;/b&gt; Drag a point sideways, or the batch slider: a decode matmul walks right as the batch grows and crosses the ridge at the batch the Read-out names. With a model shown, marker area is the operator&apos;s share of the step time.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Comparing.&lt;/b&gt; The Comparison tab gives each operator&apos;s speedup against the baseline: a memory-bound operator speeds up with bandwidth, not with peak FLOP/s.&lt;/p&gt;&lt;p&gt;Wheel or rubber band to zoom, Shift+drag to pan, Ctrl+0 to fit.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;如何阅读 Roofline 图&lt;/h3&gt;&lt;p&gt;&lt;b&gt;坐标轴。&lt;/b&gt;两个轴都是对数刻度。横轴：算术强度，即算子每从内存读写一个字节所做的 FLOP 数。纵轴：它能达到的 FLOP/s。&lt;/p&gt;&lt;p&gt;&lt;b&gt;屋顶线。&lt;/b&gt;每个加速器画出一条斜线（内存带宽 × 算术强度），与一条水平屋顶（该算子精度下的峰值 FLOP/s）相交。交点就是&lt;b&gt;拐点&lt;/b&gt;：让计算单元满载所需的算术强度。&lt;/p&gt;&lt;p&gt;&lt;b&gt;数据点。&lt;/b&gt;每个算子在每个勾选的加速器上是一个点。在拐点左侧，它落在斜线上：&lt;b&gt;访存受限&lt;/b&gt;，更快的内存或更少的字节有用，更高的 FLOP/s 没用。在拐点右侧、水平屋顶上：&lt;b&gt;计算受限&lt;/b&gt;。读数面板会说明属于哪种、离拐点多远，以及该尝试什么。&lt;/p&gt;&lt;p&gt;&lt;b&gt;移动。&lt;/b&gt;横向拖动数据点，或拖动 batch 滑块：decode 矩阵乘随 batch 增大向右移动，并在读数面板给出的 batch 处越过拐点。显示模型时，标记面积表示该算子占单步耗时的比例。&lt;/p&gt;&lt;p&gt;&lt;b&gt;对比。&lt;/b&gt;对比面板给出每个算子相对基准的加速比：访存受限的算子随带宽加速，而不是随峰值 FLOP/s。&lt;/p&gt;&lt;p&gt;滚轮或框选缩放，Shift+拖动平移，Ctrl+0 适配数据。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Reading the Chart</source>
        <translation>如何阅读图表</translation>
    </message>
    <message>
        <source>Add &amp;Hardware Catalog…</source>
        <translation>添加硬件目录(&amp;H)…</translation>
    </message>
    <message>
        <source>Load accelerators from a hardware catalog, an ERT roofline.json or an omniperf roofline.csv, show them and keep them for the next start</source>
        <translation>从硬件目录、ERT roofline.json 或 omniperf roofline.csv 加载加速器，显示在图上，并在下次启动时保留</translation>
    </message>
    <message>
        <source>New &amp;Accelerator…</source>
        <translation>新建加速器(&amp;A)…</translation>
    </message>
    <message>
        <source>Edit Acce&amp;lerator…</source>
        <translation>编辑加速器(&amp;L)…</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>&amp;Measure This Machine…</source>
        <translation>测量本机(&amp;M)…</translation>
    </message>
    <message>
        <source>Measure this computer&apos;s CPU (FMA peaks and the bandwidth of every cache level, about a minute) or a Vulkan GPU, and add it to the catalog</source>
        <translation>测量本机 CPU（FMA 峰值与每一级缓存的带宽，约一分钟）或一块 Vulkan GPU，并加入目录</translation>
    </message>
    <message>
        <source>&amp;Serving Chart</source>
        <translation>服务图表(&amp;S)</translation>
    </message>
    <message>
        <source>F8</source>
        <translation>F8</translation>
    </message>
    <message>
        <source>Beside the roofline: tokens/s per GPU against tokens/s per user for the model on every checked accelerator, linked to the batch</source>
        <translation>在屋顶线旁：所选模型在每个已勾选加速器上的每 GPU tokens/s 与每用户 tokens/s 的关系，与批大小联动</translation>
    </message>
    <message>
        <source>Export Ser&amp;ving Chart…</source>
        <translation>导出服务图表(&amp;V)…</translation>
    </message>
    <message>
        <source>Published &amp;Measurements…</source>
        <translation>已发表的实测结果(&amp;M)…</translation>
    </message>
    <message>
        <source>Cache Roofs</source>
        <translation>缓存屋顶</translation>
    </message>
    <message>
        <source>User &amp;Guide</source>
        <translation>用户指南(&amp;G)</translation>
    </message>
    <message>
        <source>The manual (docs/index.md), opened with the desktop&apos;s viewer</source>
        <translation>用户手册（docs/index.md），用桌面的查看器打开</translation>
    </message>
    <message>
        <source>User Guide</source>
        <translation>用户指南</translation>
    </message>
    <message>
        <source>The user guide (index.md) is not in any of the folders RoofScope looked in:
%1</source>
        <translation>RoofScope 查找过的文件夹中都没有用户指南（index.md）：
%1</translation>
    </message>
    <message>
        <source>No program on this desktop opened %1. Open it with a text editor or a Markdown viewer.</source>
        <translation>此桌面上没有程序打开 %1。请用文本编辑器或 Markdown 查看器打开它。</translation>
    </message>
    <message>
        <source>Unsaved Changes Kept</source>
        <translation>已保留未保存的更改</translation>
    </message>
    <message>
        <source>Passes</source>
        <translation>前向遍</translation>
    </message>
</context>
<context>
    <name>roofscope::MeasureDialog</name>
    <message>
        <source>Measure This Machine</source>
        <translation>测量本机</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>The catalog entry of the same device, from its datasheet. The measured entry names it (&quot;measured_of&quot;), and its tooltip and the comparison table then show measured ÷ datasheet for every roof both have. (none) for a CPU or a device the catalog lacks.</source>
        <translation>同一设备的规格书目录条目。实测条目会指向它（&quot;measured_of&quot;），其提示和对比表随后对两者都有的每条屋顶线显示 实测 ÷ 规格书。CPU 或目录中没有的设备请选（无）。</translation>
    </message>
    <message>
        <source>The CPU (every core) or a Vulkan device, in the loader&apos;s order.</source>
        <translation>CPU（所有核心）或某个 Vulkan 设备，按加载器的顺序。</translation>
    </message>
    <message>
        <source>&amp;Device to measure:</source>
        <translation>要测量的设备(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Measures datasheet entry:</source>
        <translation>所测的规格书条目(&amp;M)：</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
</context>
<context>
    <name>roofscope::MeasuredRatioText</name>
    <message>
        <source>%1 %2×</source>
        <comment>roof, measured ÷ datasheet</comment>
        <translation>%1 %2×</translation>
    </message>
    <message>
        <source>Measured ÷ datasheet (%1): %2</source>
        <translation>实测 ÷ 规格书（%1）：%2</translation>
    </message>
</context>
<context>
    <name>roofscope::MeasurementStore</name>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>删除 %1</translation>
    </message>
    <message>
        <source>Link %1 to %2</source>
        <translation>将 %1 关联到 %2</translation>
    </message>
    <message>
        <source>Unlink %1</source>
        <translation>取消关联 %1</translation>
    </message>
    <message>
        <source>Compare %1 → %2</source>
        <translation>比较 %1 → %2</translation>
    </message>
    <message>
        <source>Pair %1 with %2</source>
        <translation>将 %1 与 %2 配对</translation>
    </message>
    <message>
        <source>Unpair %1</source>
        <translation>取消 %1 的配对</translation>
    </message>
</context>
<context>
    <name>roofscope::ModelPanel</name>
    <message>
        <source>Reset Edits</source>
        <translation>重置编辑</translation>
    </message>
    <message>
        <source>Expand the model&apos;s rows again without your edits (one undo step)</source>
        <translation>不带你的编辑重新展开模型的各行（一步撤销）</translation>
    </message>
    <message>
        <source>1 row edited</source>
        <translation>已编辑 1 行</translation>
    </message>
    <message>
        <source>%1 rows edited</source>
        <translation>已编辑 %1 行</translation>
    </message>
    <message>
        <source>Rows you edited keep their values when the batch, context, phase or layout changes; they are marked ✎ in the operator list</source>
        <translation>你编辑过的行在批大小、上下文、阶段或并行布局改变时保留其值；它们在算子列表中标有 ✎</translation>
    </message>
    <message>
        <source>Fused kernels</source>
        <translation>算子融合</translation>
    </message>
    <message>
        <source>Elementwise chains and attention (flash attention) each run as one kernel</source>
        <translation>elementwise 链与注意力（flash attention）各合并为一个 kernel 运行</translation>
    </message>
    <message>
        <source>Show on Chart</source>
        <translation>在图表上显示</translation>
    </message>
    <message>
        <source>Decode (one token per sequence)</source>
        <translation>decode（每个序列 1 个 token）</translation>
    </message>
    <message>
        <source>Prefill (the whole prompt)</source>
        <translation>prefill（整个 prompt）</translation>
    </message>
    <message>
        <source>Sequences in one step</source>
        <translation>一步中的序列数</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Weights of the decoder layers&apos; matrices</source>
        <translation>decoder 层各矩阵的权重</translation>
    </message>
    <message>
        <source>Matmul inputs and math: the roof the matmuls run against</source>
        <translation>matmul 的输入与计算精度：决定 matmul 对照的算力屋顶</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <source>%1 layers · hidden %2 · FFN %3 · %4 heads / %5 KV · %6 parameters · KV cache %7 per token</source>
        <translation>%1 层 · hidden %2 · FFN %3 · %4 头 / %5 KV 头 · %6 参数 · KV cache 每 token %7</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Tokens already in each sequence&apos;s KV cache</source>
        <translation>每个序列 KV cache 中已有的 token 数</translation>
    </message>
    <message>
        <source>Prompt tokens per sequence</source>
        <translation>每个序列的 prompt token 数</translation>
    </message>
    <message>
        <source>Shown on Chart</source>
        <translation>已在图表上显示</translation>
    </message>
    <message>
        <source>Check an accelerator to see the model&apos;s step time.</source>
        <translation>勾选一个加速器，查看模型的单步耗时。</translation>
    </message>
    <message>
        <source>fits in %1</source>
        <translation>可放入 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;does not fit&lt;/b&gt; %1: needs %2 GPUs</source>
        <translation>&lt;b&gt;放不下&lt;/b&gt; %1：需要 %2 块 GPU</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 %3 · %4 tokens/s · %5 % memory-bound · weights + KV %6, %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%3 %2 · %4 tokens/s · %5 % 时间访存受限 · 权重 + KV %6，%7</translation>
    </message>
    <message>
        <source>per token</source>
        <translation>每 token</translation>
    </message>
    <message>
        <source>per prefill</source>
        <translation>每次 prefill</translation>
    </message>
    <message>
        <source>Load Model</source>
        <translation>加载模型</translation>
    </message>
    <message>
        <source>Model configurations (*.json);;All files (*)</source>
        <translation>模型配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Loaded %1 from %2</source>
        <translation>已从 %2 加载 %1</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 B (%2 B active)</source>
        <translation>%1 B（激活 %2 B）</translation>
    </message>
    <message>
        <source> (trained for up to %1)</source>
        <translation>（训练长度最多 %1）</translation>
    </message>
    <message>
        <source>per step (%1 tokens)</source>
        <translation>每步（%1 个 token）</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Tensor parallelism: each layer&apos;s heads, FFN and vocabulary split over N GPUs, with two all-reduces per layer over the interconnect</source>
        <translation>张量并行：每层的注意力头、FFN 和词表切分到 N 个 GPU 上，每层经互连做两次 all-reduce</translation>
    </message>
    <message>
        <source>Pipeline parallelism: the layers split into stages that run one after another, activations sent between them. The chart shows one GPU of the first stage</source>
        <translation>流水线并行：各层分成依次运行的若干阶段，阶段之间传递激活。图中显示第一阶段的一个 GPU</translation>
    </message>
    <message>
        <source>Expert parallelism (mixture of experts): each MoE layer&apos;s experts spread over E of the TP GPUs, with dispatch and combine all-to-alls</source>
        <translation>专家并行（混合专家）：每个 MoE 层的专家分布到 TP 组中的 E 个 GPU 上，分发与合并各做一次 all-to-all</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>&lt;b&gt;does not fit&lt;/b&gt;</source>
        <translation>&lt;b&gt;放不下&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; × %2 (%3): %4 %5 · %6 tokens/s · %7 % communication · %8 per GPU, %9</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; × %2（%3）：%4 %5 · %6 tokens/s · 通信占 %7 % · 每 GPU %8，%9</translation>
    </message>
    <message>
        <source>per step</source>
        <translation>每步</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>Load a model: a Hugging Face config.json or a RoofScope model catalog</source>
        <translation>加载模型：Hugging Face 的 config.json 或 RoofScope 模型目录</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Parallel</source>
        <translation>并行</translation>
    </message>
    <message>
        <source>1 GPU in all</source>
        <translation>共 1 块 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs in all</source>
        <translation>共 %1 块 GPU</translation>
    </message>
    <message>
        <source>Put this model&apos;s operators on the chart beside your own (one undo step)</source>
        <translation>将此模型的算子放到图上，与你自己的算子并列（一步即可撤销）</translation>
    </message>
</context>
<context>
    <name>roofscope::ModelRowNames</name>
    <message>
        <source>Token embedding</source>
        <translation>词元嵌入</translation>
    </message>
    <message>
        <source>Position embedding</source>
        <translation>位置嵌入</translation>
    </message>
    <message>
        <source>Input norm</source>
        <translation>输入归一化</translation>
    </message>
    <message>
        <source>QKV projection</source>
        <translation>QKV 投影</translation>
    </message>
    <message>
        <source>Q projection</source>
        <translation>Q 投影</translation>
    </message>
    <message>
        <source>K projection</source>
        <translation>K 投影</translation>
    </message>
    <message>
        <source>V projection</source>
        <translation>V 投影</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>KV-cache write</source>
        <translation>写入 KV 缓存</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>QKᵀ scores</source>
        <translation>QKᵀ 分数</translation>
    </message>
    <message>
        <source>Softmax (attention)</source>
        <translation>Softmax（注意力）</translation>
    </message>
    <message>
        <source>Scores · V</source>
        <translation>分数 · V</translation>
    </message>
    <message>
        <source>O projection</source>
        <translation>O 投影</translation>
    </message>
    <message>
        <source>Q down-projection</source>
        <translation>Q 降维投影</translation>
    </message>
    <message>
        <source>Q latent norm</source>
        <translation>Q 潜向量归一化</translation>
    </message>
    <message>
        <source>Q up-projection</source>
        <translation>Q 升维投影</translation>
    </message>
    <message>
        <source>KV down-projection</source>
        <translation>KV 降维投影</translation>
    </message>
    <message>
        <source>KV latent norm</source>
        <translation>KV 潜向量归一化</translation>
    </message>
    <message>
        <source>KV up-projection</source>
        <translation>KV 升维投影</translation>
    </message>
    <message>
        <source>Q absorption</source>
        <translation>Q 吸收</translation>
    </message>
    <message>
        <source>V absorption</source>
        <translation>V 吸收</translation>
    </message>
    <message>
        <source>Residual add (attn)</source>
        <translation>残差相加（注意力）</translation>
    </message>
    <message>
        <source>Residual + norm (attn)</source>
        <translation>残差 + 归一化（注意力）</translation>
    </message>
    <message>
        <source>Post-attention norm</source>
        <translation>注意力后归一化</translation>
    </message>
    <message>
        <source>Attn output norm</source>
        <translation>注意力输出归一化</translation>
    </message>
    <message>
        <source>MLP output norm</source>
        <translation>MLP 输出归一化</translation>
    </message>
    <message>
        <source>Expert weight gather</source>
        <translation>专家权重收集</translation>
    </message>
    <message>
        <source>Residual add (MLP)</source>
        <translation>残差相加（MLP）</translation>
    </message>
    <message>
        <source>Residual + norm (MLP)</source>
        <translation>残差 + 归一化（MLP）</translation>
    </message>
    <message>
        <source>Final norm</source>
        <translation>最终归一化</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>LM 头</translation>
    </message>
    <message>
        <source>Gate+up projection</source>
        <translation>门控 + 上投影</translation>
    </message>
    <message>
        <source>Gate projection</source>
        <translation>门控投影</translation>
    </message>
    <message>
        <source>Up projection</source>
        <translation>上投影</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Activation × up</source>
        <translation>激活 × 上投影</translation>
    </message>
    <message>
        <source>Gate × up</source>
        <translation>门控 × 上投影</translation>
    </message>
    <message>
        <source>Down projection</source>
        <translation>下投影</translation>
    </message>
    <message>
        <source>Router</source>
        <translation>路由器</translation>
    </message>
    <message>
        <source>Router softmax</source>
        <translation>路由 Softmax</translation>
    </message>
    <message>
        <source>Shared gate+up proj.</source>
        <translation>共享专家门控 + 上投影</translation>
    </message>
    <message>
        <source>Shared gate projection</source>
        <translation>共享专家门控投影</translation>
    </message>
    <message>
        <source>Shared up projection</source>
        <translation>共享专家上投影</translation>
    </message>
    <message>
        <source>Shared activation</source>
        <translation>共享专家激活</translation>
    </message>
    <message>
        <source>Shared activation × up</source>
        <translation>共享专家激活 × 上投影</translation>
    </message>
    <message>
        <source>Shared gate × up</source>
        <translation>共享专家门控 × 上投影</translation>
    </message>
    <message>
        <source>Shared down projection</source>
        <translation>共享专家下投影</translation>
    </message>
    <message>
        <source>Shared expert gate</source>
        <translation>共享专家门</translation>
    </message>
    <message>
        <source>Expert gate+up proj.</source>
        <translation>专家门控 + 上投影</translation>
    </message>
    <message>
        <source>Expert gate projection</source>
        <translation>专家门控投影</translation>
    </message>
    <message>
        <source>Expert up projection</source>
        <translation>专家上投影</translation>
    </message>
    <message>
        <source>Expert activation</source>
        <translation>专家激活</translation>
    </message>
    <message>
        <source>Expert activation × up</source>
        <translation>专家激活 × 上投影</translation>
    </message>
    <message>
        <source>Expert gate × up</source>
        <translation>专家门控 × 上投影</translation>
    </message>
    <message>
        <source>Expert down projection</source>
        <translation>专家下投影</translation>
    </message>
    <message>
        <source>Expert combine</source>
        <translation>专家合并</translation>
    </message>
</context>
<context>
    <name>roofscope::ModelTotalsModel</name>
    <message>
        <source>Σ over operators of count × max(compute time, memory time): %1, %2 moved</source>
        <translation>对各算子求和 Σ 次数 × max(计算时间, 访存时间)：%1，搬运 %2</translation>
    </message>
    <message>
        <source>Weights %1 + KV cache %2 of %3</source>
        <translation>权重 %1 + KV cache %2（显存共 %3）</translation>
    </message>
    <message>
        <source>Step time on the baseline ÷ step time on this accelerator</source>
        <translation>基准加速器上的单步耗时 ÷ 本加速器上的单步耗时</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基准）</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>no: needs %1 GPUs</source>
        <translation>否：需要 %1 块 GPU</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>加速器</translation>
    </message>
    <message>
        <source>Time/token</source>
        <translation>每 token 耗时</translation>
    </message>
    <message>
        <source>Prefill time</source>
        <translation>prefill 耗时</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>Mem-bound</source>
        <translation>访存受限</translation>
    </message>
    <message>
        <source>Weights + KV</source>
        <translation>权重 + KV</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>Time/step</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>%1: Σ over the pipeline&apos;s stages of one GPU&apos;s operators and collectives</source>
        <translation>%1：流水线各阶段中单个 GPU 的算子与集合通信之和</translation>
    </message>
    <message>
        <source>Operators on the compute roof: count × FLOPs ÷ peak</source>
        <translation>受算力屋顶限制的算子：次数 × FLOPs ÷ 峰值</translation>
    </message>
    <message>
        <source>Operators on the memory slope: count × bytes ÷ memory bandwidth</source>
        <translation>受内存斜线限制的算子：次数 × 字节 ÷ 内存带宽</translation>
    </message>
    <message>
        <source>Collectives and pipeline sends; ring all-reduce: 2·(N−1)/N · bytes ÷ per-direction link bandwidth + 2·(N−1) · hop latency</source>
        <translation>集合通信与流水线发送；环形 all-reduce：2·(N−1)/N · 字节 ÷ 单向链路带宽 + 2·(N−1) · 每跳延迟</translation>
    </message>
    <message>
        <source>One GPU: no communication (set TP or PP in the Model panel)</source>
        <translation>单个 GPU：没有通信（在模型面板中设置 TP 或 PP）</translation>
    </message>
    <message>
        <source>The fullest GPU: weights + KV cache + activation workspace</source>
        <translation>占用最多的 GPU：权重 + KV 缓存 + 激活工作区</translation>
    </message>
    <message>
        <source>The times assume it fits: split over %1 GPUs it would (set TP in the Model panel, or see the Plan tab)</source>
        <translation>时间按放得下计算：分到 %1 个 GPU 上才放得下（在模型面板中设置 TP，或查看部署规划标签页）</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>每 GPU %1</translation>
    </message>
    <message>
        <source>Compute-bound</source>
        <translation>计算受限</translation>
    </message>
    <message>
        <source>Memory-bound</source>
        <translation>内存受限</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Published measurements (%1 rows, %2 sources) reached %3–%4 of the bound (median %5)</source>
        <translation>已发表的实测结果（%1 行，%2 个来源）达到上限的 %3–%4（中位数 %5）</translation>
    </message>
    <message>
        <source>%1. Held against this bound of %2 tokens/s: %3–%4 tokens/s, median %5. Where real systems (llama.cpp, gpt-fast, vLLM, TensorRT-LLM) have landed under such bounds, not a prediction of this set-up; Help ▸ Published Measurements… lists them.</source>
        <translation>%1。对照本上限 %2 tokens/s：%3–%4 tokens/s，中位数 %5。这是真实系统（llama.cpp、gpt-fast、vLLM、TensorRT-LLM）在此类上限之下实际达到的位置，不是对本配置的预测；帮助 ▸ 已发表的实测结果… 列出了全部数据。</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Published range, tokens/s</source>
        <translation>已发表范围，tokens/s</translation>
    </message>
</context>
<context>
    <name>roofscope::ModelTotalsPanel</name>
    <message>
        <source>decode, batch %1, context %2</source>
        <translation>decode，batch %1，上下文 %2</translation>
    </message>
    <message>
        <source>prefill, batch %1, prompt %2</source>
        <translation>prefill，batch %1，prompt %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 · weights %3, activations %4, KV %5 · %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2 · 权重 %3，激活 %4，KV %5 · %6</translation>
    </message>
    <message>
        <source>fused</source>
        <translation>已融合</translation>
    </message>
    <message>
        <source>unfused</source>
        <translation>未融合</translation>
    </message>
    <message>
        <source>not on the chart</source>
        <translation>未在图表上显示</translation>
    </message>
    <message>
        <source>%1 on %2 GPUs</source>
        <translation>%1，共 %2 个 GPU</translation>
    </message>
    <message>
        <source>The bundled published measurements (Help ▸ Published Measurements…) held against RoofScope&apos;s bound for each one&apos;s own set-up: measured ÷ bound ran from the low to the high figure. Multiplied into this step&apos;s tokens/s they show where real systems have landed under such a bound. Past measurements, never a prediction.</source>
        <translation>内置的已发表实测结果（帮助 ▸ 已发表的实测结果…）各自对照 RoofScope 在其配置下的上限：实测 ÷ 上限 落在最低值与最高值之间。乘以本步的 tokens/s，即显示真实系统在此类上限之下实际达到的位置。这是过去的实测，绝非预测。</translation>
    </message>
    <message>
        <source>%1: on %2 expect %3–%4 tokens/s (median %5)</source>
        <translation>%1：在 %2 上预计 %3–%4 tokens/s（中位数 %5）</translation>
    </message>
</context>
<context>
    <name>roofscope::ModelWorkbench</name>
    <message>
        <source>Edited by hand: kept when the batch, context, phase or layout changes (Model panel: Reset Edits)</source>
        <translation>手动编辑：批大小、上下文、阶段或并行布局改变时保留（模型面板：重置编辑）</translation>
    </message>
    <message>
        <source>Reset edits of %1&apos;s rows</source>
        <translation>重置 %1 各行的编辑</translation>
    </message>
    <message>
        <source>Unknown model %1</source>
        <translation>未知模型 %1</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>在图表上显示 %1</translation>
    </message>
    <message>
        <source>Weights %1 are wider than activations %2: weights are stored at most as wide as the math runs</source>
        <translation>权重精度 %1 高于激活精度 %2：权重的存储位宽不能超过计算精度</translation>
    </message>
    <message>
        <source>Change model scenario</source>
        <translation>更改模型场景</translation>
    </message>
    <message>
        <source>Set model batch = %1</source>
        <translation>设置模型 batch = %1</translation>
    </message>
    <message>
        <source>Set model context = %1</source>
        <translation>设置模型上下文 = %1</translation>
    </message>
    <message>
        <source>Model phase %1</source>
        <translation>模型阶段：%1</translation>
    </message>
    <message>
        <source>Fuse model kernels</source>
        <translation>融合模型算子</translation>
    </message>
    <message>
        <source>Unfuse model kernels</source>
        <translation>取消模型算子融合</translation>
    </message>
    <message>
        <source>%1: /model: %2</source>
        <translation>%1：/model：%2</translation>
    </message>
    <message>
        <source>Layout %1</source>
        <translation>并行布局 %1</translation>
    </message>
</context>
<context>
    <name>roofscope::OperatorModel</name>
    <message>
        <source>memory</source>
        <translation>访存</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>On the baseline accelerator</source>
        <translation>在基准加速器上</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>AI (FLOP/B)</source>
        <translation>算术强度 (FLOP/B)</translation>
    </message>
    <message>
        <source>Attainable</source>
        <translation>可达算力</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>耗时</translation>
    </message>
</context>
<context>
    <name>roofscope::OperatorPanel</name>
    <message>
        <source>Add Operator</source>
        <translation>添加算子</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>By Kind</source>
        <translation>按类型</translation>
    </message>
    <message>
        <source>Remove Operator</source>
        <translation>删除算子</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>预设</translation>
    </message>
</context>
<context>
    <name>roofscope::ParameterPanel</name>
    <message>
        <source>FP16/BF16 weights</source>
        <translation>FP16/BF16 权重</translation>
    </message>
    <message>
        <source>FP8 (W8A8)</source>
        <translation>FP8（W8A8）</translation>
    </message>
    <message>
        <source>W8A16 (int8 weights)</source>
        <translation>W8A16（int8 权重）</translation>
    </message>
    <message>
        <source>W4A16 (int4 weights)</source>
        <translation>W4A16（int4 权重）</translation>
    </message>
    <message>
        <source>No operator selected</source>
        <translation>未选择算子</translation>
    </message>
    <message>
        <source>Select an operator in the table or click a point on the chart.</source>
        <translation>在表格中选择一个算子，或点击图表上的数据点。</translation>
    </message>
    <message>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>Drag %1 (or the point on the chart): the chart follows live.</source>
        <translation>拖动 %1（或图表上的数据点），图表实时跟随。</translation>
    </message>
    <message>
        <source>Quantization %1</source>
        <translation>量化为 %1</translation>
    </message>
    <message>
        <source>The intensity of this operator does not depend on its size; its precision moves it.</source>
        <translation>该算子的算术强度与规模无关，只随精度变化。</translation>
    </message>
</context>
<context>
    <name>roofscope::PassTreeModel</name>
    <message>
        <source>Pass / operator</source>
        <translation>前向遍 / 算子</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Wall</source>
        <translation>墙钟时间</translation>
    </message>
    <message>
        <source>Kernels the model has no operator for (sampling, masks, cache bookkeeping): measured, never dropped</source>
        <translation>模型中没有对应算子的内核（采样、掩码构建、缓存簿记）：计入实测，从不丢弃</translation>
    </message>
    <message>
        <source>The model view&apos;s time for this operator at the pass&apos;s batch and context, every layer</source>
        <translation>模型视图在该遍的批大小和上下文下给出的该算子耗时（所有层合计）</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>Decode step %1</source>
        <translation>解码第 %1 步</translation>
    </message>
    <message>
        <source>%1 · batch %2 · context %3</source>
        <translation>%1 · 批大小 %2 · 上下文 %3</translation>
    </message>
    <message>
        <source>Decoder layers (%1)</source>
        <translation>解码器层（%1）</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>Not in the model</source>
        <translation>不在模型中</translation>
    </message>
    <message>
        <source>Measured ÷ predicted: how many times its bound the operator or pass took</source>
        <translation>实测 ÷ 预测：该算子或前向遍用时是其界限的多少倍</translation>
    </message>
    <message>
        <source>Ratio</source>
        <comment>measured ÷ predicted</comment>
        <translation>比值</translation>
    </message>
</context>
<context>
    <name>roofscope::PassesPanel</name>
    <message>
        <source>%1 (from its trace)</source>
        <translation>%1（取自其 trace）</translation>
    </message>
    <message>
        <source>Its shapes read as %1.</source>
        <translation>其形状读作：%1。</translation>
    </message>
    <message>
        <source>&amp;Use the trace&apos;s shapes</source>
        <translation>使用 trace 的形状(&amp;U)</translation>
    </message>
    <message>
        <source>%1×%2 query and %3×%2 KV heads with bias</source>
        <translation>%1×%2 个查询头与 %3×%2 个 KV 头（带偏置）</translation>
    </message>
    <message>
        <source>%1×%2 query and %3×%2 KV heads</source>
        <translation>%1×%2 个查询头与 %3×%2 个 KV 头</translation>
    </message>
    <message>
        <source>a plain %1 MLP of %2</source>
        <translation>宽 %2 的普通 %1 MLP</translation>
    </message>
    <message>
        <source>Its shapes do not read as a model either: %1.</source>
        <translation>也无法从其形状读出模型：%1。</translation>
    </message>
    <message>
        <source>a gated %1 MLP of %2</source>
        <translation>宽 %2 的门控 %1 MLP</translation>
    </message>
    <message>
        <source>%1 gated %2 experts of %3, top %4</source>
        <translation>%1 个宽 %3 的门控 %2 专家（每个词元取前 %4 个）</translation>
    </message>
    <message>
        <source>, and a shared one of %1 behind a sigmoid gate</source>
        <translation>，以及一个宽 %1、经 sigmoid 门控的共享专家</translation>
    </message>
    <message>
        <source>, and a shared one of %1</source>
        <translation>，以及一个宽 %1 的共享专家</translation>
    </message>
    <message>
        <source>%1 (parallel block)</source>
        <translation>%1（并行块）</translation>
    </message>
    <message>
        <source>, RoPE on %1 of %2 dims</source>
        <translation>，RoPE 作用于 %2 维中的 %1 维</translation>
    </message>
    <message>
        <source>, %1 learned positions</source>
        <translation>，%1 个可学习位置</translation>
    </message>
    <message>
        <source>hidden %1, %2 layers, %3, %4, %5, vocabulary %6</source>
        <translation>隐藏维度 %1，%2 层，%3，%4，%5，词表 %6</translation>
    </message>
    <message>
        <source>Note: %1.</source>
        <translation>注：%1。</translation>
    </message>
    <message>
        <source>Each forward pass of the trace, its operators, decoder layers and the kernels the model has no operator for: measured beside the model&apos;s prediction. Click a header to sort.</source>
        <translation>trace 中的每个前向遍及其算子、解码器层，以及模型中没有对应算子的内核：实测值与模型预测并列。点击表头排序。</translation>
    </message>
    <message>
        <source>Import a PyTorch trace recorded with record_shapes=True: its forward passes, decoder layers and operators appear here beside what the Model panel&apos;s model predicts.</source>
        <translation>导入以 record_shapes=True 录制的 PyTorch trace：其前向遍、解码器层和算子会显示在这里，并与模型面板中模型的预测并列。</translation>
    </message>
    <message>
        <source>%1 is not joined to %2: %3</source>
        <translation>%1 未能与 %2 对应：%3</translation>
    </message>
    <message>
        <source>1 forward pass</source>
        <translation>1 个前向遍</translation>
    </message>
    <message>
        <source>%1 forward passes</source>
        <translation>%1 个前向遍</translation>
    </message>
    <message>
        <source>%1 read as %2 on %3 (the Model panel&apos;s model and the baseline): %4; %5 % of the kernel time is on the chart.</source>
        <translation>%1 按 %3 上的 %2 解读（模型面板的模型与基准）：%4；%5 % 的内核时间在图上。</translation>
    </message>
    <message>
        <source>Make this the Model panel&apos;s model (Edit ▸ Undo takes it back)</source>
        <translation>将其设为模型面板的模型（编辑 ▸ 撤销可还原）</translation>
    </message>
    <message>
        <source>%1 fits this trace.</source>
        <translation>%1 与此 trace 相符。</translation>
    </message>
    <message>
        <source>&amp;Use %1</source>
        <translation>使用 %1(&amp;U)</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save the passes as CSV (one row per operator of each pass) or JSON (passes, operators, layers), as roofscope measured --model writes them</source>
        <translation>将前向遍保存为 CSV（每个前向遍的每个算子一行）或 JSON（前向遍、算子、层），与 roofscope measured --model 的输出相同</translation>
    </message>
    <message>
        <source>There are no passes to export: import a PyTorch trace and choose the model that ran it.</source>
        <translation>没有可导出的前向遍：请导入 PyTorch trace 并选择运行它的模型。</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>CSV, one row per operator (*.csv)</source>
        <translation>CSV，每个算子一行 (*.csv)</translation>
    </message>
    <message>
        <source>JSON, passes, operators and layers (*.json)</source>
        <translation>JSON，前向遍、算子和层 (*.json)</translation>
    </message>
    <message>
        <source>Export Passes</source>
        <translation>导出前向遍</translation>
    </message>
    <message>
        <source>Exported the passes to %1</source>
        <translation>已将前向遍导出到 %1</translation>
    </message>
</context>
<context>
    <name>roofscope::PlanModel</name>
    <message>
        <source>Check an accelerator to plan for it.</source>
        <translation>勾选一个加速器以规划部署。</translation>
    </message>
    <message>
        <source>%1 (%2 %)</source>
        <translation>%1（%2 %）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Ring all-reduce: 2·(N−1)/N · bytes ÷ per-direction link bandwidth + 2·(N−1) · hop latency</source>
        <translation>环形 all-reduce：2·(N−1)/N · 字节数 ÷ 单向链路带宽 + 2·(N−1) · 每跳延迟</translation>
    </message>
    <message>
        <source>Fullest GPU: weights %1 + KV cache %2 + workspace %3; fits with %4 % kept free</source>
        <translation>占用最多的 GPU：权重 %1 + KV 缓存 %2 + 工作区 %3；预留 %4 % 空闲时可放下</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Time/token</source>
        <translation>每 token 时间</translation>
    </message>
    <message>
        <source>Time/step</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每 GPU token/秒</translation>
    </message>
    <message>
        <source>Compute-bound</source>
        <translation>计算受限</translation>
    </message>
    <message>
        <source>Memory-bound</source>
        <translation>访存受限</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Memory/GPU</source>
        <translation>每 GPU 内存</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
</context>
<context>
    <name>roofscope::PlanPanel</name>
    <message>
        <source>%1, %2 per direction per GPU, %3 per hop</source>
        <translation>%1，每 GPU 单向 %2，每跳 %3</translation>
    </message>
    <message>
        <source>no interconnect in the catalog: one GPU only</source>
        <translation>目录中没有互连：只能用一块 GPU</translation>
    </message>
    <message>
        <source>%1 on up to 8 × %2 (%3), %4, batch %5, context %6 — fastest fitting layout first. Link: %7.</source>
        <translation>%1 部署在最多 8 × %2（%3）上，%4，批大小 %5，上下文 %6——放得下的最快布局排在最前。链路：%7。</translation>
    </message>
    <message>
        <source>the baseline</source>
        <translation>基准</translation>
    </message>
    <message>
        <source>Apply Layout</source>
        <translation>应用布局</translation>
    </message>
    <message>
        <source>Use the selected layout in the Model panel: the chart shows one GPU&apos;s share (double-clicking a row does the same; undoable)</source>
        <translation>在模型面板中使用所选布局：图中显示单个 GPU 的份额（双击某行效果相同；可撤销）</translation>
    </message>
    <message>
        <source>Model panel: %1</source>
        <translation>模型面板：%1</translation>
    </message>
    <message>
        <source>Layout Applied</source>
        <translation>已应用此布局</translation>
    </message>
</context>
<context>
    <name>roofscope::PreferencesDialog</name>
    <message>
        <source>FP8 tensor roof</source>
        <translation>FP8 Tensor Core 屋顶</translation>
    </message>
    <message>
        <source>FP32 vector roof</source>
        <translation>FP32 向量屋顶</translation>
    </message>
    <message>
        <source>FP64 roof</source>
        <translation>FP64 屋顶</translation>
    </message>
    <message>
        <source>Sweep path of the selected operator</source>
        <translation>所选算子的扫描路径</translation>
    </message>
    <message>
        <source>Operator labels</source>
        <translation>算子标签</translation>
    </message>
    <message>
        <source>Restore the last session on start</source>
        <translation>启动时恢复上次会话</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Slide (high contrast, large)</source>
        <translation>幻灯片（高对比度、大字号）</translation>
    </message>
    <message>
        <source>Chart theme</source>
        <translation>图表主题</translation>
    </message>
    <message>
        <source>Extra roofs</source>
        <translation>附加屋顶</translation>
    </message>
    <message>
        <source>Overlays</source>
        <translation>叠加层</translation>
    </message>
    <message>
        <source>Start-up</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>Takes effect after RoofScope restarts.</source>
        <translation>重启 RoofScope 后生效。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>界面语言</translation>
    </message>
    <message>
        <source>Cache roofs: L1, L2, L3 bandwidth slopes (where known)</source>
        <translation>缓存屋顶：L1、L2、L3 带宽斜线（如已知）</translation>
    </message>
</context>
<context>
    <name>roofscope::ProfilerCommandsDialog</name>
    <message>
        <source>Profiler Commands</source>
        <translation>性能分析器命令</translation>
    </message>
    <message>
        <source>Run one of these, then drop the file on the window or use File ▸ Import Measurements… (Ctrl+I). Kernels land under the roofs of the GPU the file names; what a file lacks (FLOP counters, bytes, the GPU) is said after the import.</source>
        <translation>运行下列命令之一，然后把文件拖到窗口上，或使用 文件 ▸ 导入测量数据…（Ctrl+I）。内核会落在文件所指 GPU 的屋顶之下；文件缺少的内容（FLOP 计数器、字节数、GPU）会在导入后说明。</translation>
    </message>
</context>
<context>
    <name>roofscope::PublishedDialog</name>
    <message>
        <source>Published Measurements</source>
        <translation>已发表的实测结果</translation>
    </message>
    <message>
        <source>%1 published measurements from %2 sources, each beside RoofScope&apos;s bound for its own set-up: measured ÷ bound (bound ÷ measured for a time) ran from %3 to %4, median %5. Measurements of real systems, never a prediction.</source>
        <translation>%1 条已发表的实测结果，来自 %2 个来源，每条旁边是 RoofScope 在其配置下的上限：实测 ÷ 上限（时间指标为 上限 ÷ 实测）介于 %3 与 %4 之间，中位数 %5。这些是真实系统的实测，绝非预测。</translation>
    </message>
    <message>
        <source>No published measurement could be evaluated.</source>
        <translation>没有任何已发表的实测结果可以计算。</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) could not be evaluated (see the Ratio column).</source>
        <translation>
            <numerusform>%n 行无法计算（见“比值”列）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链接</translation>
    </message>
</context>
<context>
    <name>roofscope::PublishedModel</name>
    <message>
        <source>tokens/s per user</source>
        <translation>每用户 token/秒</translation>
    </message>
    <message>
        <source>output tokens/s</source>
        <translation>输出 tokens/s</translation>
    </message>
    <message>
        <source>output tokens/s per GPU</source>
        <translation>每 GPU 输出 tokens/s</translation>
    </message>
    <message>
        <source>time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <source>The least a time to first token can be: the prefill of the batch&apos;s prompts</source>
        <translation>首 token 时间的下限：该批提示词的 prefill</translation>
    </message>
    <message>
        <source>The best the rate can be: one decode step of the batch at the mean context (input + output ÷ 2), %1</source>
        <translation>速率的上限：该批在平均上下文（输入 + 输出 ÷ 2）下的一次 decode 步，%1</translation>
    </message>
    <message>
        <source>Bound ÷ measured time</source>
        <translation>上限 ÷ 实测时间</translation>
    </message>
    <message>
        <source>Measured ÷ bound</source>
        <translation>实测 ÷ 上限</translation>
    </message>
    <message>
        <source>Published as %1</source>
        <translation>发表时名为 %1</translation>
    </message>
    <message>
        <source>%1 weights, %2 activations, %3 KV</source>
        <translation>权重 %1，激活 %2，KV %3</translation>
    </message>
    <message>
        <source>%1 × %2 (%3)</source>
        <translation>%1 × %2（%3）</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>not evaluated: %1</source>
        <translation>无法计算：%1</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Input / output</source>
        <translation>输入 / 输出</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测值</translation>
    </message>
    <message>
        <source>RoofScope&apos;s bound</source>
        <translation>RoofScope 上限</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比值</translation>
    </message>
</context>
<context>
    <name>roofscope::ReadoutPanel</name>
    <message>
        <source>Not linked to an operator: Link to Operator… in the Kernels panel says which operator it runs, and the model&apos;s prediction appears here.</source>
        <translation>未关联到算子：在“内核”面板中用“关联到算子…”指明它运行的是哪个算子，模型的预测便会显示在这里。</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>关联</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>加速器</translation>
    </message>
    <message>
        <source>Intensity</source>
        <translation>算术强度</translation>
    </message>
    <message>
        <source>Attainable</source>
        <translation>可达算力</translation>
    </message>
    <message>
        <source>Of peak</source>
        <translation>峰值占比</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Ridge</source>
        <translation>拐点</translation>
    </message>
    <message>
        <source>Crossing</source>
        <translation>越过拐点</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>优化建议</translation>
    </message>
    <message>
        <source>Hover a point or select an operator.</source>
        <translation>将鼠标悬停在数据点上，或选择一个算子。</translation>
    </message>
    <message>
        <source>(baseline)</source>
        <translation>(基准)</translation>
    </message>
    <message>
        <source>%1 FLOP/byte (%2 over %3)</source>
        <translation>%1 FLOP/byte（%2 ÷ %3）</translation>
    </message>
    <message>
        <source>%1 % of the %2 %3 peak (%4)</source>
        <translation>占 %2 %3 峰值算力（%4）的 %1 %</translation>
    </message>
    <message>
        <source>memory-bound (%1 at %2)</source>
        <translation>访存受限（%1，%2）</translation>
    </message>
    <message>
        <source>compute-bound</source>
        <translation>计算受限</translation>
    </message>
    <message>
        <source>ridge at %1 FLOP/byte: needs %2× more intensity to become compute-bound</source>
        <translation>拐点在 %1 FLOP/byte：算术强度需提高到当前的 %2× 才转为计算受限</translation>
    </message>
    <message>
        <source>ridge at %1 FLOP/byte: %2× past it, compute-bound</source>
        <translation>拐点在 %1 FLOP/byte：算术强度已是拐点的 %2×，计算受限</translation>
    </message>
    <message>
        <source>its intensity does not depend on its size</source>
        <translation>其算术强度与规模无关</translation>
    </message>
    <message>
        <source>compute-bound from %1 %2 on %3</source>
        <translation>在 %3 上，%1 ≥ %2 时转为计算受限</translation>
    </message>
    <message>
        <source>stays memory-bound for %1 up to %2 on %3</source>
        <translation>在 %3 上，%1 直到 %2 仍为访存受限</translation>
    </message>
    <message>
        <source>compute-bound for every %1 from %2 on %3</source>
        <translation>在 %3 上，%1 从 %2 起始终计算受限</translation>
    </message>
    <message>
        <source>ridge at %1 FLOP/byte: needs %2 % more intensity to become compute-bound</source>
        <translation>拐点在 %1 FLOP/byte：算术强度还需提高 %2 % 才转为计算受限</translation>
    </message>
    <message>
        <source>ridge at %1 FLOP/byte: %2 % past it, compute-bound</source>
        <translation>拐点在 %1 FLOP/byte：算术强度已超过拐点 %2 %，计算受限</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
</context>
<context>
    <name>roofscope::RecoveredDocument</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1 (recovered %2)</source>
        <translation>%1（恢复于 %2）</translation>
    </message>
    <message>
        <source>%1: the folder cannot be created</source>
        <translation>%1：无法创建该文件夹</translation>
    </message>
</context>
<context>
    <name>roofscope::RoofChart</name>
    <message>
        <source>%1 on %2
%3 per call on the link, %4 per call, ×%5 per step</source>
        <translation>%1（%2）
每次调用链路传输 %3，每次调用 %4，每步 ×%5 次</translation>
    </message>
    <message>
        <source>memory-bound</source>
        <translation>内存受限</translation>
    </message>
    <message>
        <source>compute-bound</source>
        <translation>计算受限</translation>
    </message>
    <message>
        <source>%1 on %2
AI %3 FLOP/byte, %4 attainable (%5, %6 % of peak)</source>
        <translation>%1（%2）
AI %3 FLOP/byte，可达 %4（%5，峰值的 %6 %）</translation>
    </message>
    <message numerus="yes">
        <source>%n label(s) hidden</source>
        <translation>
            <numerusform>%n 个标签已隐藏</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown GPU</source>
        <translation>未知 GPU</translation>
    </message>
    <message>
        <source>%1 · %2: %3, memory %4, ridge at %5 FLOP/byte</source>
        <translation>%1 · %2：%3，内存 %4，脊点 %5 FLOP/byte</translation>
    </message>
    <message>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <translation>算术强度（FLOP/byte）</translation>
    </message>
    <message>
        <source>Attainable performance</source>
        <translation>可达算力</translation>
    </message>
    <message>
        <source>(baseline)</source>
        <translation>(基准)</translation>
    </message>
    <message>
        <source>ridge %1</source>
        <translation>拐点 %1</translation>
    </message>
    <message>
        <source>%1 ≥ %2</source>
        <translation>%1 ≥ %2</translation>
    </message>
    <message>
        <source>kernel at DRAM</source>
        <translation>DRAM 处的内核</translation>
    </message>
    <message>
        <source>at L2</source>
        <translation>L2 处</translation>
    </message>
    <message>
        <source>at L1</source>
        <translation>L1 处</translation>
    </message>
    <message>
        <source>measured kernel</source>
        <translation>实测内核</translation>
    </message>
    <message>
        <source>area: share of run time</source>
        <translation>面积：占运行时间的比例</translation>
    </message>
    <message>
        <source>model → measured</source>
        <translation>模型 → 实测</translation>
    </message>
    <message>
        <source>before (faded) → after</source>
        <translation>优化前（淡色）→ 优化后</translation>
    </message>
    <message>
        <source>no L2/L1 roofs in the catalog</source>
        <translation>目录中没有 L2/L1 屋顶</translation>
    </message>
    <message>
        <source>%1 not shown: no roof (check it)</source>
        <translation>%1 未显示：没有屋顶（请勾选它）</translation>
    </message>
    <message>
        <source>%1 not in the catalog: no roof</source>
        <translation>%1 不在目录中：没有屋顶</translation>
    </message>
    <message>
        <source>GPU not named: no roof</source>
        <translation>文件未指明 GPU：没有屋顶</translation>
    </message>
    <message>
        <source>%1 (measured on %2)</source>
        <translation>%1（在 %2 上实测）</translation>
    </message>
    <message>
        <source>AI %1 FLOP/byte at %2, %3 achieved</source>
        <translation>%2 处算术强度 %1 FLOP/byte，实测 %3</translation>
    </message>
    <message>
        <source>%1 (%2 of the run), 1 launch</source>
        <translation>%1（占本次运行的 %2），1 次启动</translation>
    </message>
    <message>
        <source>%1 (%2 of the run), %3 launches</source>
        <translation>%1（占本次运行的 %2），%3 次启动</translation>
    </message>
    <message>
        <source>%1 of the roof at its DRAM intensity, memory-bound</source>
        <translation>按 DRAM 算术强度为屋顶的 %1，访存受限</translation>
    </message>
    <message>
        <source>%1 of the roof at its DRAM intensity, compute-bound</source>
        <translation>按 DRAM 算术强度为屋顶的 %1，计算受限</translation>
    </message>
    <message>
        <source>%1 of the roof at its DRAM intensity</source>
        <translation>按 DRAM 算术强度为屋顶的 %1</translation>
    </message>
    <message>
        <source>time not in this file (placed from its rates)</source>
        <translation>文件中没有时间（按其速率放置）</translation>
    </message>
    <message>
        <source>%1 (%2)
measured %3 at %4
predicted %5 · measured ÷ predicted %6×</source>
        <translation>%1（%2）
实测 %3，%4
预测 %5 · 实测 ÷ 预测 %6×</translation>
    </message>
    <message>
        <source>the model&apos;s prediction</source>
        <translation>模型的预测</translation>
    </message>
    <message>
        <source>the trace&apos;s kernels</source>
        <translation>trace 中的内核</translation>
    </message>
    <message>
        <source>nothing (no model row)</source>
        <translation>无（模型中没有此行）</translation>
    </message>
</context>
<context>
    <name>roofscope::RoofChartView</name>
    <message>
        <source>The intensity of %1 does not depend on its size: change its dtype to move it.</source>
        <translation>%1 的算术强度与规模无关：改变其数据类型（dtype）才能移动它。</translation>
    </message>
</context>
<context>
    <name>roofscope::ServingView</name>
    <message>
        <source>Prompt tokens per request: the prefill behind the time to first token, and the start of every request&apos;s KV cache</source>
        <translation>每个请求的提示词元数：决定首词元时间的预填充，也是每个请求 KV 缓存的起点</translation>
    </message>
    <message>
        <source>Output tokens per request: decode steps run at the mean context, prompt + output / 2; memory is counted at the last token</source>
        <translation>每个请求的输出词元数：解码步按平均上下文（提示 + 输出 / 2）计算；内存按最后一个词元计</translation>
    </message>
    <message>
        <source>&amp;Published measurements</source>
        <translation>公开测量结果(&amp;P)</translation>
    </message>
    <message>
        <source>Show published measurements of this model on these GPUs (hollow squares) and the band real servers reached under each curve: measured ÷ bound across every bundled published result. Measurements, not a prediction.</source>
        <translation>显示该模型在这些 GPU 上的公开测量结果（空心方块），以及每条曲线下真实服务达到的区间：所有内置公开结果的实测 ÷ 上界。这是测量，不是预测。</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>导出(&amp;X)…</translation>
    </message>
    <message>
        <source>Save the serving chart as PNG, SVG or PDF, or its curves as CSV or JSON</source>
        <translation>将服务图表保存为 PNG、SVG 或 PDF，或将其曲线保存为 CSV 或 JSON</translation>
    </message>
    <message>
        <source>Serving chart</source>
        <translation>服务图表</translation>
    </message>
    <message>
        <source>Tokens per second per GPU against tokens per second per user. Drag a ring, or use the arrow keys, Page Up and Page Down, to set the batch.</source>
        <translation>每 GPU 每秒词元数与每用户每秒词元数的关系。拖动圆环，或使用方向键、Page Up 和 Page Down 设置批大小。</translation>
    </message>
    <message>
        <source>P&amp;rompt</source>
        <translation>提示(&amp;R)</translation>
    </message>
    <message>
        <source>O&amp;utput</source>
        <translation>输出(&amp;U)</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 词元</translation>
    </message>
    <message>
        <source>Serving %1: throughput against interactivity</source>
        <translation>服务 %1：吞吐量与交互性</translation>
    </message>
    <message>
        <source>%1, %2: prompt %3 + output %4 tokens; roofline bounds, real servers land below</source>
        <translation>%1，%2：提示 %3 + 输出 %4 词元；屋顶线上界，真实服务低于此值</translation>
    </message>
    <message>
        <source>Tokens/s per user</source>
        <translation>每用户 token/秒</translation>
    </message>
    <message>
        <source>Tokens/s per user (1 / decode step)</source>
        <translation>每用户 token/秒（1 / 解码步）</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每 GPU token/秒</translation>
    </message>
    <message>
        <source>Tokens/s per GPU (batch / decode step / GPUs)</source>
        <translation>每 GPU token/秒（批大小 / 解码步 / GPU 数）</translation>
    </message>
    <message>
        <source>memory-capacity end: the largest batch that fits</source>
        <translation>内存容量终点：能容纳的最大批大小</translation>
    </message>
    <message>
        <source>(does not fit)</source>
        <translation>（放不下）</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <source>published measurement (hover for its source)</source>
        <translation>公开测量结果（悬停查看来源）</translation>
    </message>
    <message>
        <source>Check an accelerator to see its serving curve.</source>
        <translation>勾选一个加速器以查看其服务曲线。</translation>
    </message>
    <message>
        <source>Not even one request fits on %1 (%2 per GPU): spread the model over more GPUs in the Model panel.</source>
        <translation>%1 上连一个请求都放不下（每 GPU 需 %2）：请在模型面板中把模型分布到更多 GPU 上。</translation>
    </message>
    <message>
        <source>%1 (largest %2)</source>
        <translation>%1（最大 %2）</translation>
    </message>
    <message>
        <source>Batch %1 does not fit on %2: the dashed rings wait at the capacity end.</source>
        <translation>批大小 %1 在 %2 上放不下：虚线圆环停在容量终点。</translation>
    </message>
    <message>
        <source>Drag a ring along its curve, or press a batch&apos;s dot, to set the batch; hover a point for its numbers.</source>
        <translation>沿曲线拖动圆环，或点击某个批大小的点来设置批大小；悬停可查看数值。</translation>
    </message>
    <message>
        <source>Published: %1 on %2 × %3 (%4), batch %5, %6 in / %7 out</source>
        <translation>公开结果：%1，%2 × %3（%4），批大小 %5，输入 %6 / 输出 %7</translation>
    </message>
    <message>
        <source>%1 tokens/s per user, %2 tokens/s per GPU</source>
        <translation>每用户 %1 tokens/s，每 GPU %2 tokens/s</translation>
    </message>
    <message>
        <source>RoofScope&apos;s bound for the same set-up: %1; reached %2 of it</source>
        <translation>RoofScope 对同一设置的上界：%1；达到其 %2</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>%1 · %2, batch %3</source>
        <translation>%1 · %2，批大小 %3</translation>
    </message>
    <message>
        <source>Tokens/s per user: %1</source>
        <translation>每用户 tokens/s：%1</translation>
    </message>
    <message>
        <source>Tokens/s per GPU: %1</source>
        <translation>每 GPU tokens/s：%1</translation>
    </message>
    <message>
        <source>Time to first token: %1 (batch 1: %2)</source>
        <translation>首词元时间：%1（批大小 1：%2）</translation>
    </message>
    <message>
        <source>Request latency: %1</source>
        <translation>请求延迟：%1</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 of %2</source>
        <translation>每 GPU 内存：%1 / %2</translation>
    </message>
    <message>
        <source>(the capacity end: one more request does not fit)</source>
        <translation>（容量终点：再多一个请求就放不下）</translation>
    </message>
    <message>
        <source>%1: expected a file ending in .png, .svg, .pdf, .csv or .json</source>
        <translation>%1：文件名应以 .png、.svg、.pdf、.csv 或 .json 结尾</translation>
    </message>
    <message>
        <source>%1: the figure could not be rendered</source>
        <translation>%1：无法渲染图表</translation>
    </message>
    <message>
        <source>Export Serving Chart</source>
        <translation>导出服务图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf);;CSV table (*.csv);;JSON data (*.json)</source>
        <translation>PNG 图像 (*.png);;SVG 绘图 (*.svg);;PDF 文档 (*.pdf);;CSV 表格 (*.csv);;JSON 数据 (*.json)</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>expected real range under the baseline&apos;s curve: published measurements reached %1–%2 of the bound (median %3, %4 results); not a prediction</source>
        <translation>基准加速器曲线下的预期真实区间：公开测量达到上界的 %1–%2（中位数 %3，共 %4 条结果）；不是预测</translation>
    </message>
</context>
<context>
    <name>roofscope::Session</name>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>删除 %1</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <source>Duplicate %1</source>
        <translation>复制 %1</translation>
    </message>
    <message>
        <source>Rename to %1</source>
        <translation>重命名为 %1</translation>
    </message>
    <message>
        <source>No such operator</source>
        <translation>没有该算子</translation>
    </message>
    <message>
        <source>Set %1 = %2</source>
        <translation>设置 %1 = %2</translation>
    </message>
    <message>
        <source>Check %1</source>
        <translation>勾选 %1</translation>
    </message>
    <message>
        <source>Uncheck %1</source>
        <translation>取消勾选 %1</translation>
    </message>
    <message>
        <source>Make %1 the baseline</source>
        <translation>将 %1 设为基准</translation>
    </message>
    <message>
        <source>%1 (copy %2)</source>
        <translation>%1（副本 %2）</translation>
    </message>
</context>
<context>
    <name>roofscope::UserCatalog</name>
    <message>
        <source>Cannot remove %1</source>
        <translation>无法删除 %1</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>roofscope::ViewSettings</name>
    <message>
        <source>Move Label</source>
        <translation>移动标签</translation>
    </message>
    <message>
        <source>Reset Label Positions</source>
        <translation>重置标签位置</translation>
    </message>
</context>
</TS>
