# ruff: noqa: E501
# The corpus below is pasted terminal output; its lines are as long as the tools printed them.
"""Table-driven tests for chalicelib.domain.log_metrics.

CORPUS holds real excerpts of public ML tool output. Each case cites where the exact text
appears (a repository + file path, or an issue/PR URL). Excerpts are verbatim except that
trailing whitespace at line ends was removed (ruff W291) and, where noted, long runs of
padding spaces were trimmed; no numbers or words were changed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import pytest

from chalicelib.domain.log_metrics import (
    ExtractedMetric,
    MetricCheck,
    check_claimed_metric,
    extract_metrics,
)


@dataclass(frozen=True)
class Case:
    id: str
    family: str
    text: str
    expected: tuple[tuple[str, float], ...]
    # Names that must not be extracted at all, or (name, value) pairs that must not appear.
    absent: tuple[str | tuple[str, float], ...] = ()
    # When True, the extracted names are exactly the expected ones (no garbage extracted).
    only: bool = False


CORPUS: list[Case] = [
    # ---------------------------------------------------------------- pytorch_imagenet
    Case(
        # source: OpenGVLab/InternVL classification/README.md ("Evaluate InternViT-6B on ImageNet-A")
        id="internvl-imagenet-a",
        family="pytorch_imagenet",
        text=r"""
 * Acc@1 77.479 Acc@5 92.724
Accuracy of the network on the 7500 test images: 77.5%
""",
        expected=(("Acc@1", 77.479), ("Acc@5", 92.724), ("Accuracy", 77.5)),
        only=True,
    ),
    Case(
        # source: OpenGVLab/InternVL classification/README.md ("Evaluate InternViT-6B on ImageNet-ReaL")
        id="internvl-imagenet-real",
        family="pytorch_imagenet",
        text=r"""
* ReaL Acc@1 90.439 Acc@5 98.572 loss 0.605
ReaL Accuracy of the network on the 50000 test images: 90.4%
""",
        expected=(("Acc@1", 90.439), ("Acc@5", 98.572), ("loss", 0.605), ("Accuracy", 90.4)),
        only=True,
    ),
    Case(
        # source: LeapLabTHU/DAT README.md (DAT++ revision, "the evaluation result should give")
        id="dat-swin-style-log-prefix",
        family="pytorch_imagenet",
        text=r"""
[2023-09-04 17:18:15 dat_plus_plus] (main.py 301): INFO  * Acc@1 83.864 Acc@5 96.734
[2023-09-04 17:18:15 dat_plus_plus] (main.py 179): INFO Accuracy of the network on the 50000 test images: 83.9%
""",
        expected=(("Acc@1", 83.864), ("Acc@5", 96.734), ("Accuracy", 83.9)),
        only=True,
    ),
    Case(
        # source: https://github.com/Cadene/pretrained-models.pytorch/issues/111 (comment by Cadene)
        # Version strings in the same sentence must not become metrics.
        id="cadene-prose-with-versions",
        family="pytorch_imagenet",
        text=r"""
On python 3.7.1, torch 0.4.1.post2 and pretrainedmodels 0.7.4 I get  * Acc@1 73.314 Acc@5 91.420.
""",
        expected=(("Acc@1", 73.314), ("Acc@5", 91.42)),
        only=True,
    ),
    Case(
        # source: https://github.com/Cadene/pretrained-models.pytorch/issues/149
        # Per-batch progress lines report running numbers, not results: nothing is extracted.
        id="cadene-progress-lines-only",
        family="pytorch_imagenet",
        text=r"""
Test: [1460/2500]       Time 0.036 (0.039)      Loss 2.6388 (0.9189)    Acc@1 45.000 (76.451)   Acc@5 55.000 (93.474)
Test: [1470/2500]       Time 0.036 (0.039)      Loss 1.0036 (0.9248)    Acc@1 85.000 (76.360)   Acc@5 90.000 (93.402)
Test: [1480/2500]       Time 0.036 (0.039)      Loss 0.8197 (0.9289)    Acc@1 80.000 (76.283)   Acc@5 95.000 (93.352)
""",
        expected=(),
        absent=("Acc@1", "Acc@5", "Loss", "Time"),
        only=True,
    ),
    # ---------------------------------------------------------------- timm
    Case(
        # source: xuedinge233/docs sources/timm/quick_start.rst (timm validate.py output, Ascend docs)
        # The parenthesised numbers after Acc@1/Acc@5 are error rates and must not be read as Acc@k.
        id="timm-validate-with-result-json",
        family="timm",
        text=r"""
    Model ./model_ckpts/tiny_vit_21m_512 created, param count: 21268120
    Data processing configuration for current model + dataset:
            input_size: (3, 512, 512)
            interpolation: bicubic
            mean: (0.485, 0.456, 0.406)
            std: (0.229, 0.224, 0.225)
            crop_pct: 1.0
            crop_mode: squash
    Test: [   0/157]  Time: 7.083s (7.083s,    9.04/s)  Loss:  0.4765 (0.4765)  Acc@1:  93.750 ( 93.750)  Acc@5:  96.875 ( 96.875)
    Test: [  10/157]  Time: 0.400s (1.008s,   63.50/s)  Loss:  0.6594 (0.4929)  Acc@1:  78.125 ( 87.926)  Acc@5:  98.438 ( 98.011)
    Test: [  20/157]  Time: 0.399s (0.719s,   89.04/s)  Loss:  0.1891 (0.4682)  Acc@1:  96.875 ( 89.435)  Acc@5: 100.000 ( 98.289)

    ... ...

    * Acc@1 86.040 (13.960) Acc@5 97.750 (2.250)
    --result
    {
        "model": "./model_ckpts/tiny_vit_21m_512",
        "top1": 86.04,
        "top1_err": 13.96,
        "top5": 97.75,
        "top5_err": 2.25,
        "param_count": 21.27,
        "img_size": 512,
        "crop_pct": 1.0,
        "interpolation": "bicubic"
    }
""",
        expected=(
            ("Acc@1", 86.04),
            ("Acc@5", 97.75),
            ("top1", 86.04),
            ("top1_err", 13.96),
            ("top5", 97.75),
            ("top5_err", 2.25),
        ),
        absent=(("Acc@1", 13.96), ("Acc@5", 2.25), ("Acc@1", 93.75), ("Acc@1", 87.926), "Loss"),
    ),
    Case(
        # source: https://github.com/huggingface/pytorch-image-models/issues/131 (tabs as in the issue)
        # timm output without its final line: only the generic "name: value" config lines remain.
        id="timm-progress-only",
        family="generic",
        text="""
Model seresnext26_32x4d created, param count: 16790280
Data processing configuration for current model + dataset:
\tinput_size: (3, 224, 224)
\tinterpolation: bicubic
\tmean: (0.485, 0.456, 0.406)
\tstd: (0.229, 0.224, 0.225)
\tcrop_pct: 0.875
Test: [   0/196]  Time: 6.305s (6.305s,   40.61/s)  Loss:  9.8692 (9.8692)  Acc@1:   0.000 (  0.000)  Acc@5:   0.000 (  0.000)
Test: [  10/196]  Time: 0.460s (0.993s,  257.93/s)  Loss:  9.9665 (9.8110)  Acc@1:   0.000 (  0.036)  Acc@5:   0.000 (  0.178)
""",
        expected=(("param count", 16790280), ("crop_pct", 0.875)),
        absent=("Acc@1", "Acc@5", "Loss", "Time", "input_size", "mean"),
    ),
    # ---------------------------------------------------------------- hf_trainer
    Case(
        # source: evanhuang117/cse5525-research-project results/conll/shuffle.md
        # "0:00:42.21" runtimes are not numbers and must be skipped.
        id="hf-metrics-blocks",
        family="hf_trainer",
        text=r"""
### 1.
***** train metrics *****
  epoch                    =       30.0
  train_loss               =     0.0549
  train_runtime            = 2:01:44.85
  train_samples_per_second =     57.664
  train_steps_per_second   =      1.803
***** best metrics *****
  best_epoch   =     23
  best_eval_f1 = 0.9607
  best_test_f1 = 0.9225
  epoch        =   30.0

***** eval metrics *****
  epoch                   =       30.0
  eval_accuracy           =     0.9933
  eval_f1                 =      0.959
  eval_loss               =     0.0364
  eval_precision          =     0.9507
  eval_recall             =     0.9675
  eval_runtime            = 0:00:42.21
  eval_samples_per_second =      76.98
  eval_steps_per_second   =      4.832

***** predict metrics *****
  predict_accuracy           =     0.9841
  predict_f1                 =     0.9183
  predict_loss               =     0.1613
  predict_precision          =     0.9069
  predict_recall             =     0.9299
  predict_runtime            = 0:00:44.65
  predict_samples_per_second =      77.33
  predict_steps_per_second   =      4.837
""",
        expected=(
            ("train_loss", 0.0549),
            ("best_eval_f1", 0.9607),
            ("eval_accuracy", 0.9933),
            ("eval_f1", 0.959),
            ("eval_loss", 0.0364),
            ("predict_accuracy", 0.9841),
            ("predict_f1", 0.9183),
        ),
        absent=("eval_runtime", "train_runtime", "predict_runtime"),
    ),
    Case(
        # source: https://github.com/huggingface/transformers/issues/11323 (padding spaces trimmed)
        id="hf-dict-after-progress-bar",
        family="hf_trainer",
        text=r"""
### n_samples  204███████████████████████████████████████████████████████████████████████████████████████████████████████████████████████████████████████████████| 3/3 [00:01<00:00,  2.62it/s]
{'mrpc_en_eval_loss': 4.203643321990967, 'mrpc_en_eval_f1': 0.0, 'mrpc_en_eval_accuracy': 0.0, 'mrpc_en_eval_gen_len': 3.0098039215686274, 'mrpc_en_eval_runtime': 2.0033, 'mrpc_en_eval_samples_per_second': 101.834, 'epoch': 0.87}
{'mrpc_en_eval_loss': 4.203643321990967, 'mrpc_en_eval_f1': 0.0, 'mrpc_en_eval_accuracy': 0.0, 'mrpc_en_eval_gen_len': 3.0098039215686274, 'mrpc_en_eval_runtime': 2.0033, 'mrpc_en_eval_samples_per_second': 101.834, 'epoch': 0.87, 'eval_average_metrics': 0.0}
""",
        expected=(
            ("mrpc_en_eval_loss", 4.203643321990967),
            ("mrpc_en_eval_f1", 0.0),
            ("mrpc_en_eval_accuracy", 0.0),
            ("mrpc_en_eval_gen_len", 3.0098039215686274),
            ("epoch", 0.87),
            ("eval_average_metrics", 0.0),
        ),
        absent=("n_samples",),
    ),
    Case(
        # source: https://github.com/intel/intel-extension-for-transformers/pull/152
        # A dict printed by a logger one key per line, with timestamps in front.
        id="hf-dict-logged-line-by-line",
        family="hf_trainer",
        text=r"""
{'eval_loss': 0.6949695348739624, 'eval_accuracy': 0.4954128440366973, 'eval_runtime': 6.6494, 'eval_samples_per_second': 131.139, 'eval_steps_per_second': 16.392, 'epoch': 0}
0%| | 0/6000 [00:06<?, ?it/s2023-08-11 12:52:20 [INFO] {
2023-08-11 12:52:20 [INFO] 'eval_loss': 0.6949695348739624,
2023-08-11 12:52:20 [INFO] 'eval_accuracy': 0.4954128440366973,
2023-08-11 12:52:20 [INFO] 'eval_runtime': 6.6494,
2023-08-11 12:52:20 [INFO] 'eval_samples_per_second': 131.139,
2023-08-11 12:52:20 [INFO] 'eval_steps_per_second': 16.392,
2023-08-11 12:52:20 [INFO] 'epoch': 0
2023-08-11 12:52:20 [INFO] }
2023-08-11 12:52:20 [INFO] metric: 0.4954128440366973
2023-08-11 12:52:20 [INFO] Throughput: 131.139 samples/sec
2023-08-11 12:52:20 [INFO] teacher model score is 0.4954128440366973.
""",
        expected=(
            ("eval_loss", 0.6949695348739624),
            ("eval_accuracy", 0.4954128440366973),
            ("epoch", 0),
            ("metric", 0.4954128440366973),
            ("Throughput", 131.139),
        ),
    ),
    Case(
        # source: https://github.com/PaddlePaddle/PaddleNLP/pull/1761 (Trainer log; scientific notation)
        id="trainer-dicts-scientific-notation",
        family="hf_trainer",
        text=r"""
{'loss': 0.1856, 'learning_rate': 4.5e-05, 'global_step': 150, 'epoch': 2.0}
{'loss': 0.1202, 'learning_rate': 4.4000000000000006e-05, 'global_step': 160, 'epoch': 2.13}
{'loss': 0.1087, 'learning_rate': 4.3e-05, 'global_step': 170, 'epoch': 2.27}
{'loss': 0.1077, 'learning_rate': 4.2e-05, 'global_step': 180, 'epoch': 2.4}
{'loss': 0.1355, 'learning_rate': 4.1e-05, 'global_step': 190, 'epoch': 2.53}
{'loss': 0.1252, 'learning_rate': 4e-05, 'global_step': 200, 'epoch': 2.67}
 33%|████████████████████████████████████████████▋                                                                                         | 200/600 [01:11<01:58,  3.37it/s][2022-03-25 16:41:50,060] [    INFO] - ***** Running Evaluation *****
""",
        expected=(
            ("loss", 0.1856),
            ("learning_rate", 4.5e-05),
            ("learning_rate", 4.4000000000000006e-05),
            ("learning_rate", 4e-05),
            ("global_step", 200),
            ("epoch", 2.67),
        ),
    ),
    Case(
        # source: YoraiLevi/Intro-to-Deep-Learning-Final-Project-CS236781 src/training_detr.py
        # A pretty-printed Trainer dict: -1.0 is torchmetrics' "not computed" and lists are skipped.
        id="hf-pretty-dict-detr",
        family="hf_trainer",
        text=r"""
evaluate
{'eval_loss': 3.276792287826538,
 'eval_map': 0.2896674573421478,
 'eval_map_50': 0.4256760776042938,
 'eval_map_75': 0.3128015697002411,
 'eval_map_small': 0.2896674573421478,
 'eval_map_medium': -1.0,
 'eval_map_large': -1.0,
 'eval_mar_1': 0.24191942811012268,
 'eval_mar_10': 0.36373621225357056,
 'eval_mar_100': 0.36373621225357056,
 'eval_mar_small': 0.36373621225357056,
 'eval_mar_medium': -1.0,
 'eval_mar_large': -1.0,
 'eval_map_per_class': [0.34106799960136414,
  0.27839767932891846,
  0.15955209732055664,
  0.26130029559135437,
  0.37770920991897583,
  0.4389726519584656,
  0.17067232728004456],
 'eval_mar_100_per_class': [0.41694074869155884,
  0.34951767325401306,
  0.2417665719985962,
  0.33406493067741394,
  0.4649662375450134,
  0.4857916831970215,
  0.25310570001602173],
 'eval_classes': [0, 1, 2, 3, 4, 5, 6],
 'eval_runtime': 235.759,
 'eval_samples_per_second': 3.881,
 'eval_steps_per_second': 0.488,
 'epoch': 100.0}

IoU metric: bbox
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.035
 Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.069
 Average Precision  (AP) @[ IoU=0.75      | area=   all | maxDets=100 ] = 0.000
""",
        expected=(
            ("eval_map", 0.2896674573421478),
            ("eval_map_50", 0.4256760776042938),
            ("eval_mar_100", 0.36373621225357056),
            ("eval_runtime", 235.759),
            ("epoch", 100.0),
            ("bbox/AP", 0.035),
            ("bbox/AP50", 0.069),
            ("bbox/AP75", 0.0),
        ),
        absent=(
            "eval_map_medium",
            "eval_mar_large",
            "eval_map_per_class",
            "eval_classes",
            ("eval_map", 0.34106799960136414),
        ),
    ),
    Case(
        # source: https://github.com/SamsungSAILMontreal/TinyRecursiveModels/issues/55
        # A nested Python dict with numpy scalars.
        id="python-dict-numpy-scalars",
        family="hf_trainer",
        text=r"""
{'all': {'accuracy': np.float32(0.65308), 'exact_accuracy': np.float32(0.021479713), 'lm_loss': np.float32(1.8157994), 'q_halt_accuracy': np.float32(0.8997613), 'q_halt_loss': np.float32(0.28415218), 'steps': np.float32(16.0)}, 'ARC/pass@1': 0.02375, 'ARC/pass@2': 0.02375, 'ARC/pass@5': 0.02375, 'ARC/pass@10': 0.02375, 'ARC/pass@100': 0.02375, 'ARC/pass@1000': 0.02375}
""",
        expected=(
            ("accuracy", 0.65308),
            ("exact_accuracy", 0.021479713),
            ("lm_loss", 1.8157994),
            ("ARC/pass@1", 0.02375),
            ("ARC/pass@1000", 0.02375),
        ),
    ),
    # ---------------------------------------------------------------- lm_eval
    Case(
        # source: zhy617/SMoE eval-results/qwen/exp005/avg_2.06la.md (lm-eval 0.4 table)
        id="lm-eval-0.4-table",
        family="lm_eval",
        text=r"""
|                 Tasks                 |Version|Filter|n-shot| Metric |   |Value |   |Stderr|
|---------------------------------------|------:|------|-----:|--------|---|-----:|---|-----:|
|arc_challenge                          |      1|none  |     0|acc     |↑  |0.2850|±  |0.0143|
|                                       |       |none  |     0|acc_norm|↑  |0.3110|±  |0.0146|
|arc_easy                               |      1|none  |     0|acc     |↑  |0.5830|±  |0.0156|
|                                       |       |none  |     0|acc_norm|↑  |0.5490|±  |0.0157|
|mmlu                                   |      2|none  |      |acc     |↑  |0.2294|±  |0.0036|
| - humanities                          |      2|none  |      |acc     |↑  |0.2414|±  |0.0066|
|  - formal_logic                       |      1|none  |     0|acc     |↑  |0.2778|±  |0.0401|
""",
        expected=(
            ("arc_challenge/acc", 0.2850),
            ("arc_challenge/acc_norm", 0.3110),
            ("arc_easy/acc", 0.5830),
            ("arc_easy/acc_norm", 0.5490),
            ("mmlu/acc", 0.2294),
            ("humanities/acc", 0.2414),
            ("formal_logic/acc", 0.2778),
        ),
        absent=(("arc_challenge/acc", 0.0143), "Stderr"),
        only=True,
    ),
    Case(
        # source: J-Seo/KoCommonGEN-V2 README.md (lm-eval 0.3 format)
        id="lm-eval-0.3-table",
        family="lm_eval",
        text=r"""
hf-causal-experimental (pretrained=nlpai-lab/KULLM3), provide_description: False, num_fewshot: 2, batch_size: 1
|     Task      |Version| Metric |Value |   |Stderr|
|---------------|------:|--------|-----:|---|-----:|
|ko_commongen_v2|      0|acc     |0.5797|±  |0.0170|
|               |       |acc_norm|0.6033|±  |0.0168|
""",
        expected=(("ko_commongen_v2/acc", 0.5797), ("ko_commongen_v2/acc_norm", 0.6033)),
        absent=(("ko_commongen_v2/acc", 0.0170),),
    ),
    Case(
        # source: saucam/model_evals saucam/Orpomis-Prime-7B/README.md (values printed as percentages)
        id="lm-eval-percent-table",
        family="lm_eval",
        text=r"""
 |Benchmark|                              Model                               |agieval|bigbench|gpt4all|truthfulqa|Average|
|---------|------------------------------------------------------------------|------:|-------:|------:|---------:|------:|
|nous     |[Orpomis-Prime-7B](https://huggingface.co/saucam/Orpomis-Prime-7B)|   36.4|    37.5|  72.18|     41.02|  46.78|

### agieval
|             Task             |Version| Metric |Value|   |Stderr|
|------------------------------|------:|--------|----:|---|-----:|
|agieval_aqua_rat              |      0|acc     |23.62|±  |  2.67|
|                              |       |acc_norm|22.83|±  |  2.64|
|agieval_logiqa_en             |      0|acc     |30.11|±  |  1.80|
|                              |       |acc_norm|33.95|±  |  1.86|
|agieval_lsat_ar               |      0|acc     |17.83|±  |  2.53|
|                              |       |acc_norm|18.26|±  |  2.55|
""",
        expected=(
            ("agieval_aqua_rat/acc", 23.62),
            ("agieval_aqua_rat/acc_norm", 22.83),
            ("agieval_logiqa_en/acc", 30.11),
            ("agieval_logiqa_en/acc_norm", 33.95),
            ("agieval_lsat_ar/acc", 17.83),
            ("agieval_lsat_ar/acc_norm", 18.26),
        ),
        absent=("nous", ("agieval_aqua_rat/acc", 2.67)),
        only=True,
    ),
    Case(
        # source: https://github.com/foundation-model-stack/foundation-model-stack/pull/154 (table inside a diff)
        id="lm-eval-table-in-diff",
        family="lm_eval",
        text=r"""
+|  Tasks  |Version|Filter|n-shot| Metric |Value |   |Stderr|
+|---------|-------|------|-----:|--------|-----:|---|-----:|
+|hellaswag|Yaml   |none  |     0|acc     |0.5739|±  |0.0049|
+|         |       |none  |     0|acc_norm|0.7349|±  |0.0044|
""",
        expected=(("hellaswag/acc", 0.5739), ("hellaswag/acc_norm", 0.7349)),
        only=True,
    ),
    Case(
        # source: https://github.com/janhq/ichigo/issues/228 (lighteval table, same layout)
        id="lighteval-table",
        family="lm_eval",
        text=r"""
## Checkpoint 9000
|         Task         |Version| Metric |Value |   |Stderr|
|----------------------|------:|--------|-----:|---|-----:|
|all                   |       |acc_norm|0.3950|±  |0.0110|
|custom:arc:_average:0 |       |acc_norm|0.3764|±  |0.0118|
|custom:arc:challenge:0|      0|acc_norm|0.2986|±  |0.0134|
|custom:arc:easy:0     |      0|acc_norm|0.4541|±  |0.0102|
|custom:hellaswag:0    |      0|acc_norm|0.3327|±  |0.0047|
|custom:mmlu:0         |      0|acc_norm|0.2628|±  |0.0037|
|custom:openbook_qa:0  |      0|acc_norm|0.2640|±  |0.0197|
|custom:piqa:0         |      0|acc_norm|0.6398|±  |0.0112|
|custom:winogrande:0   |      0|acc_norm|0.5130|±  |0.0140|
""",
        expected=(
            ("all/acc_norm", 0.3950),
            ("custom:arc:challenge:0/acc_norm", 0.2986),
            ("custom:hellaswag:0/acc_norm", 0.3327),
            ("custom:winogrande:0/acc_norm", 0.5130),
        ),
    ),
    # ---------------------------------------------------------------- coco
    Case(
        # source: https://github.com/matterport/Mask_RCNN/issues/499
        id="pycocotools-bbox",
        family="coco",
        text=r"""
Evaluate
loading annotations into memory...
Done (t=4.37s)
creating index...
index created!
Running COCO evaluation on 20 images.
Loading and preparing results...
DONE (t=0.00s)
creating index...
index created!
Running per image evaluation...
Evaluate annotation type *bbox*
DONE (t=0.14s).
Accumulating evaluation results...
DONE (t=0.18s).
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.498
 Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.760
 Average Precision  (AP) @[ IoU=0.75      | area=   all | maxDets=100 ] = 0.539
 Average Precision  (AP) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = 0.315
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=medium | maxDets=100 ] = 0.508
 Average Precision  (AP) @[ IoU=0.50:0.95 | area= large | maxDets=100 ] = 0.712
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=  1 ] = 0.438
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets= 10 ] = 0.508
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.511
 Average Recall     (AR) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = 0.325
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=medium | maxDets=100 ] = 0.548
""",
        expected=(
            ("bbox/AP", 0.498),
            ("bbox/AP50", 0.760),
            ("bbox/AP75", 0.539),
            ("bbox/APs", 0.315),
            ("bbox/APm", 0.508),
            ("bbox/APl", 0.712),
            ("bbox/AR1", 0.438),
            ("bbox/AR10", 0.508),
            ("bbox/AR100", 0.511),
            ("bbox/ARs", 0.325),
            ("bbox/ARm", 0.548),
        ),
        only=True,
    ),
    Case(
        # source: https://github.com/KyanChen/RSPrompter/issues/45 (-1.000 = "not computed")
        id="pycocotools-minus-one-sentinel",
        family="coco",
        text=r"""
 Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.845
 Average Precision  (AP) @[ IoU=0.75      | area=   all | maxDets=100 ] = 0.546
 Average Precision  (AP) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = -1.000
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=medium | maxDets=100 ] = 0.468
 Average Precision  (AP) @[ IoU=0.50:0.95 | area= large | maxDets=100 ] = 0.733
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=  1 ] = 0.229
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets= 10 ] = 0.589
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.589
 Average Recall     (AR) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = -1.000
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=medium | maxDets=100 ] = 0.500
 Average Recall     (AR) @[ IoU=0.50:0.95 | area= large | maxDets=100 ] = 0.775
08/28 17:27:57 - mmengine - INFO - Evaluating segm...
""",
        expected=(
            ("AP50", 0.845),
            ("AP75", 0.546),
            ("APm", 0.468),
            ("APl", 0.733),
            ("AR1", 0.229),
            ("AR10", 0.589),
            ("AR100", 0.589),
            ("ARm", 0.5),
            ("ARl", 0.775),
        ),
        absent=("APs", "ARs"),
        only=True,
    ),
    Case(
        # source: https://github.com/pytorch/vision/pull/2954 (torchvision reference scripts, rank prefix "0:")
        id="torchvision-bbox-and-segm",
        family="coco",
        text=r"""
0: IoU metric: bbox
0:  Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.385
0:  Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.592
0:  Average Precision  (AP) @[ IoU=0.75      | area=   all | maxDets=100 ] = 0.415
0:  Average Precision  (AP) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = 0.219
0:  Average Precision  (AP) @[ IoU=0.50:0.95 | area=medium | maxDets=100 ] = 0.420
0:  Average Precision  (AP) @[ IoU=0.50:0.95 | area= large | maxDets=100 ] = 0.508
0:  Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=  1 ] = 0.319
0:  Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets= 10 ] = 0.506
0:  Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.529
0:  Average Recall     (AR) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = 0.335
0:  Average Recall     (AR) @[ IoU=0.50:0.95 | area=medium | maxDets=100 ] = 0.569
0:  Average Recall     (AR) @[ IoU=0.50:0.95 | area= large | maxDets=100 ] = 0.677
0: IoU metric: segm
0:  Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.345
0:  Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.559
0:  Average Precision  (AP) @[ IoU=0.75      | area=   all | maxDets=100 ] = 0.366
""",
        expected=(
            ("bbox/AP", 0.385),
            ("bbox/AP50", 0.592),
            ("bbox/APl", 0.508),
            ("bbox/AR100", 0.529),
            ("segm/AP", 0.345),
            ("segm/AP50", 0.559),
            ("segm/AP75", 0.366),
        ),
        absent=(("bbox/AP", 0.345), ("segm/AP", 0.385)),
    ),
    Case(
        # source: https://github.com/ultralytics/yolov5/issues/7557 (a comment after the value)
        id="pycocotools-trailing-comment",
        family="coco",
        text=r"""
Evaluating pycocotools mAP... saving runs\val\exp\yolov5s_predictions.json...
loading annotations into memory...
Done (t=0.74s)
creating index...
index created!
Loading and preparing results...
DONE (t=5.78s)
creating index...
index created!
Running per image evaluation...
Evaluate annotation type *bbox*
DONE (t=32.61s).
Accumulating evaluation results...
Results saved to runs\val\exp
DONE (t=14.72s).
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.002  # <-- These values are extremely low
 Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.003
 Average Precision  (AP) @[ IoU=0.75      | area=   all | maxDets=100 ] = 0.002
 Average Precision  (AP) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = 0.002
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=medium | maxDets=100 ] = 0.002
 Average Precision  (AP) @[ IoU=0.50:0.95 | area= large | maxDets=100 ] = 0.004
""",
        expected=(
            ("bbox/AP", 0.002),
            ("bbox/AP50", 0.003),
            ("bbox/AP75", 0.002),
            ("bbox/APs", 0.002),
            ("bbox/APm", 0.002),
            ("bbox/APl", 0.004),
        ),
        only=True,
    ),
    Case(
        # source: https://github.com/THU-MIG/yoloe/issues/120 (LVIS: catIds=r/c/f, areas s/m/l)
        id="lvis-eval",
        family="coco",
        text=r"""
======================================== BOX EVAL ========================================
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=300 catIds=all] = 0.333
 Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=300 catIds=all] = 0.435
 Average Precision  (AP) @[ IoU=0.75      | area=   all | maxDets=300 catIds=all] = 0.359
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=     s | maxDets=300 catIds=all] = 0.224
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=     m | maxDets=300 catIds=all] = 0.431
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=     l | maxDets=300 catIds=all] = 0.560
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=300 catIds=  r] = 0.309
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=300 catIds=  c] = 0.322
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=300 catIds=  f] = 0.347
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=300 catIds=all] = 0.437
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=     s | maxDets=300 catIds=all] = 0.271
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=     m | maxDets=300 catIds=all] = 0.532
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=     l | maxDets=300 catIds=all] = 0.673
""",
        expected=(
            ("AP", 0.333),
            ("AP50", 0.435),
            ("AP75", 0.359),
            ("APs", 0.224),
            ("APm", 0.431),
            ("APl", 0.560),
            ("APr", 0.309),
            ("APc", 0.322),
            ("APf", 0.347),
            ("AR300", 0.437),
            ("ARs", 0.271),
            ("ARm", 0.532),
            ("ARl", 0.673),
        ),
        only=True,
    ),
    Case(
        # source: Dolijun/mmcamp2_assignment 01_mmpose_assign/README.md (MMDetection 3 / mmengine)
        id="mmdet3-bbox-map-lines",
        family="coco",
        text=r"""
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.804
 Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.967
 Average Precision  (AP) @[ IoU=0.75      | area=   all | maxDets=100 ] = 0.967
 Average Precision  (AP) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = -1.000
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=medium | maxDets=100 ] = -1.000
 Average Precision  (AP) @[ IoU=0.50:0.95 | area= large | maxDets=100 ] = 0.804
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=  1 ] = 0.836
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets= 10 ] = 0.836
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.836
 Average Recall     (AR) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = -1.000
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=medium | maxDets=100 ] = -1.000
 Average Recall     (AR) @[ IoU=0.50:0.95 | area= large | maxDets=100 ] = 0.836
06/04 11:48:04 - mmengine - INFO - bbox_mAP_copypaste: 0.804 0.967 0.967 -1.000 -1.000 0.804
06/04 11:48:04 - mmengine - INFO - Epoch(test) [11/11]    coco/bbox_mAP: 0.8040  coco/bbox_mAP_50: 0.9670  coco/bbox_mAP_75: 0.9670  coco/bbox_mAP_s: -1.0000  coco/bbox_mAP_m: -1.0000  coco/bbox_mAP_l: 0.8040  data_time: 0.3000  time: 0.4225
""",
        expected=(
            ("AP", 0.804),
            ("AP50", 0.967),
            ("AP75", 0.967),
            ("APl", 0.804),
            ("AR1", 0.836),
            ("AR10", 0.836),
            ("AR100", 0.836),
            ("ARl", 0.836),
            ("coco/bbox_mAP", 0.804),
            ("coco/bbox_mAP_50", 0.967),
            ("coco/bbox_mAP_75", 0.967),
            ("coco/bbox_mAP_l", 0.804),
        ),
        absent=("APs", "APm", "ARs", "coco/bbox_mAP_s", "coco/bbox_mAP_m", "bbox_mAP_copypaste"),
        only=True,
    ),
    Case(
        # source: Dolijun/mmcamp2_assignment 01_mmpose_assign/README.md (RTMPose keypoint summary)
        id="coco-keypoints-maxdets-20",
        family="coco",
        text=r"""
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets= 20 ] =  0.736
 Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets= 20 ] =  1.000
 Average Precision  (AP) @[ IoU=0.75      | area=   all | maxDets= 20 ] =  0.902
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=medium | maxDets= 20 ] = -1.000
 Average Precision  (AP) @[ IoU=0.50:0.95 | area= large | maxDets= 20 ] =  0.736
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets= 20 ] =  0.764
""",
        expected=(("AP", 0.736), ("AP50", 1.0), ("AP75", 0.902), ("APl", 0.736), ("AR20", 0.764)),
        absent=("APm",),
        only=True,
    ),
    Case(
        # source: akthomsen/CV_Uncertainty_Estimation docs/notes.md ("M9" run; detectron2)
        # pycocotools summary, detectron2's result table, per-category table and copypaste lines.
        id="detectron2-full-evaluation",
        family="coco",
        text=r"""
[04/22 18:36:34 d2.evaluation.fast_eval_api]: Evaluate annotation type *bbox*
[04/22 18:36:39 d2.evaluation.fast_eval_api]: COCOeval_opt.evaluate() finished in 5.16 seconds.
[04/22 18:36:39 d2.evaluation.fast_eval_api]: Accumulating evaluation results...
[04/22 18:36:41 d2.evaluation.fast_eval_api]: COCOeval_opt.accumulate() finished in 1.45 seconds.
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.290
 Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.531
 Average Precision  (AP) @[ IoU=0.75      | area=   all | maxDets=100 ] = 0.268
 Average Precision  (AP) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = 0.074
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=medium | maxDets=100 ] = 0.304
 Average Precision  (AP) @[ IoU=0.50:0.95 | area= large | maxDets=100 ] = 0.514
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=  1 ] = 0.241
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets= 10 ] = 0.413
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.443
 Average Recall     (AR) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = 0.195
 Average Recall     (AR) @[ IoU=0.50:0.95 | area=medium | maxDets=100 ] = 0.493
 Average Recall     (AR) @[ IoU=0.50:0.95 | area= large | maxDets=100 ] = 0.656
[04/22 18:36:41 d2.evaluation.coco_evaluation]: Evaluation results for bbox:
|   AP   |  AP50  |  AP75  |  APs  |  APm   |  APl   |
|:------:|:------:|:------:|:-----:|:------:|:------:|
| 29.011 | 53.051 | 26.815 | 7.410 | 30.437 | 51.353 |
[04/22 18:36:41 d2.evaluation.coco_evaluation]: Per-category bbox AP:
| category   | AP     | category   | AP     | category   | AP     |
|:-----------|:-------|:-----------|:-------|:-----------|:-------|
| car        | 44.699 | bus        | 40.970 | truck      | 38.736 |
| person     | 27.031 | rider      | 17.296 | bike       | 19.201 |
| motor      | 15.148 |            |        |            |        |
[04/22 18:36:41 d2.engine.defaults]: Evaluation results for bdd_val in csv format:
[04/22 18:36:41 d2.evaluation.testing]: copypaste: Task: bbox
[04/22 18:36:41 d2.evaluation.testing]: copypaste: AP,AP50,AP75,APs,APm,APl
[04/22 18:36:41 d2.evaluation.testing]: copypaste: 29.0114,53.0515,26.8150,7.4095,30.4369,51.3532
""",
        expected=(
            ("bbox/AP", 0.290),
            ("bbox/AP50", 0.531),
            ("bbox/AP75", 0.268),
            ("bbox/APs", 0.074),
            ("bbox/APm", 0.304),
            ("bbox/APl", 0.514),
            ("bbox/AR1", 0.241),
            ("bbox/AR10", 0.413),
            ("bbox/AR100", 0.443),
            ("bbox/ARs", 0.195),
            ("bbox/ARm", 0.493),
            ("bbox/ARl", 0.656),
            ("bbox/AP", 29.011),
            ("bbox/AP50", 53.051),
            ("bbox/AP75", 26.815),
            ("bbox/APs", 7.410),
            ("bbox/APm", 30.437),
            ("bbox/APl", 51.353),
            ("bbox/AP", 29.0114),
            ("bbox/AP50", 53.0515),
            ("bbox/AP75", 26.8150),
            ("bbox/APs", 7.4095),
            ("bbox/APm", 30.4369),
            ("bbox/APl", 51.3532),
        ),
        absent=("car", ("bbox/AP", 44.699), ("AP", 44.699)),
        only=True,
    ),
    Case(
        # source: redhoteggplant/endless-forams-plus scripts/2203.sh (copypaste with nan APs)
        id="detectron2-copypaste-nan",
        family="coco",
        text=r"""
# [02/23 16:49:11 d2.engine.defaults]: Evaluation results for prism_70-15-15_1_test in csv format:
# [02/23 16:49:11 d2.evaluation.testing]: copypaste: Task: bbox
# [02/23 16:49:11 d2.evaluation.testing]: copypaste: AP,AP50,AP75,APs,APm,APl
# [02/23 16:49:11 d2.evaluation.testing]: copypaste: 6.1692,26.2968,0.2870,nan,2.8816,7.1267
# [02/23 16:49:11 d2.evaluation.testing]: copypaste: Task: segm
# [02/23 16:49:11 d2.evaluation.testing]: copypaste: AP,AP50,AP75,APs,APm,APl
# [02/23 16:49:11 d2.evaluation.testing]: copypaste: 11.5878,35.9438,1.6421,nan,2.8379,13.1253
""",
        expected=(
            ("bbox/AP", 6.1692),
            ("bbox/AP50", 26.2968),
            ("bbox/AP75", 0.2870),
            ("bbox/APm", 2.8816),
            ("bbox/APl", 7.1267),
            ("segm/AP", 11.5878),
            ("segm/AP50", 35.9438),
            ("segm/AP75", 1.6421),
            ("segm/APm", 2.8379),
            ("segm/APl", 13.1253),
        ),
        absent=("bbox/APs", "segm/APs"),
        only=True,
    ),
    Case(
        # source: mayorx/PointDETR cvpods/playground/detection/coco/fcos-20p-no_teacher/fcos.res50.fpn.coco.800size.1x/README.md
        # The per-category table must not be read as the overall AP.
        id="cvpods-result-table",
        family="coco",
        text=r"""
2022-04-11 19:33:02 | INFO     | cvpods.evaluation.coco_evaluation:318 - Evaluation results for bbox:
|   AP   |  AP50  |  AP75  |  APs   |  APm   |  APl   |
|:------:|:------:|:------:|:------:|:------:|:------:|
| 25.241 | 40.896 | 26.474 | 11.427 | 27.338 | 34.208 |
2022-04-11 19:33:02 | INFO     | cvpods.evaluation.coco_evaluation:342 - Per-category bbox AP:
| category      | AP     | category     | AP     | category       | AP     |
|:--------------|:-------|:-------------|:-------|:---------------|:-------|
| person        | 39.540 | bicycle      | 17.329 | car            | 29.478 |
| motorcycle    | 27.332 | airplane     | 45.589 | bus            | 47.692 |
""",
        expected=(
            ("bbox/AP", 25.241),
            ("bbox/AP50", 40.896),
            ("bbox/AP75", 26.474),
            ("bbox/APs", 11.427),
            ("bbox/APm", 27.338),
            ("bbox/APl", 34.208),
        ),
        only=True,
    ),
    Case(
        # source: open-mmlab/mmdetection configs2/VisDrone/lka_fpn/lka_fpn_experiment.sh (as indexed;
        # MMDetection 2.x "Epoch(val)" lines kept as comments in a fork's experiment script)
        id="mmdet2-bbox-map-lines",
        family="coco",
        text=r"""
# Epoch(val) [12][548]   bbox_mAP: 0.2670, bbox_mAP_50: 0.5150, bbox_mAP_75: 0.2500, bbox_mAP_s: 0.1830, bbox_mAP_m: 0.3810, bbox_mAP_l: 0.4370,
# bbox_mAP_copypaste: 0.267 0.515 0.250 0.183 0.381 0.437
""",
        expected=(
            ("bbox_mAP", 0.2670),
            ("bbox_mAP_50", 0.5150),
            ("bbox_mAP_75", 0.2500),
            ("bbox_mAP_s", 0.1830),
            ("bbox_mAP_m", 0.3810),
            ("bbox_mAP_l", 0.4370),
        ),
        absent=("bbox_mAP_copypaste",),
        only=True,
    ),
    Case(
        # source: lucasjinreal/yolov7_d2 log.md (detectron2 table pasted, indented, into a changelog)
        id="detectron2-table-indented",
        family="coco",
        text=r"""
  We now get another AP of YOLOX without preprocessing:

  ```
  |   AP   |  AP50  |  AP75  |  APs   |  APm   |  APl   |
  |:------:|:------:|:------:|:------:|:------:|:------:|
  | 38.053 | 57.665 | 41.176 | 23.614 | 41.971 | 47.851 |
  ```
  maybe we need train with mixup as well.
""",
        expected=(
            ("AP", 38.053),
            ("AP50", 57.665),
            ("AP75", 41.176),
            ("APs", 23.614),
            ("APm", 41.971),
            ("APl", 47.851),
        ),
        only=True,
    ),
    # ---------------------------------------------------------------- yolo
    Case(
        # source: zjykzj/YOLOv5 docs/records/detect.md (YOLOv5n val.py run; version strings and speeds)
        id="yolov5-val-and-pycocotools",
        family="yolo",
        text=r"""
$ python val.py --weights runs/train/exp14/weights/best.pt --data coco.yaml --img 640
val: data=/home/zj/pp/YOLOv5/configs/data/coco.yaml, weights=['runs/train/exp14/weights/best.pt'], batch_size=32, imgsz=640, conf_thres=0.001, iou_thres=0.6, max_det=300, task=val, device=, workers=8, single_cls=False, augment=False, verbose=False, save_txt=False, save_hybrid=False, save_conf=False, save_json=True, project=runs/val, name=exp, exist_ok=False, half=False, dnn=False
requirements: /home/zj/pp/YOLOv5/requirements.txt not found, check failed.
YOLOv5 🚀 2023-8-1 Python-3.8.16 torch-1.13.1+cu117 CUDA:0 (NVIDIA GeForce RTX 3090, 24268MiB)

Fusing layers...
YOLOv5n summary: 157 layers, 1867405 parameters, 0 gradients, 4.5 GFLOPs
val: Scanning /data/sde/coco/coco/val2017.cache... 4952 images, 48 backgrounds, 0 corrupt: 100%|██████████| 5000/5000 00:00
                 Class     Images  Instances          P          R      mAP50   mAP50-95: 100%|██████████| 157/157 00:44
                   all       5000      36335      0.537      0.384      0.406      0.241
Speed: 0.1ms pre-process, 1.3ms inference, 2.1ms NMS per image at shape (32, 3, 640, 640)

Evaluating pycocotools mAP... saving runs/val/exp8/best_predictions.json...
loading annotations into memory...
Done (t=0.38s)
creating index...
index created!
Loading and preparing results...
DONE (t=6.26s)
creating index...
index created!
Running per image evaluation...
Evaluate annotation type *bbox*
DONE (t=53.94s).
Accumulating evaluation results...
DONE (t=14.59s).
 Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.244
 Average Precision  (AP) @[ IoU=0.50      | area=   all | maxDets=100 ] = 0.413
""",
        expected=(
            ("P", 0.537),
            ("R", 0.384),
            ("mAP50", 0.406),
            ("mAP50-95", 0.241),
            ("bbox/AP", 0.244),
            ("bbox/AP50", 0.413),
        ),
        absent=("Speed", "Python", "torch", "CUDA"),
    ),
    Case(
        # source: https://github.com/ultralytics/ultralytics/issues/10379 (YOLOv8 "Box(P" header; per-class rows)
        id="yolov8-box-columns",
        family="yolo",
        text=r"""
 yolo detect val model=yolov8l.pt imgsz=640 data=coco_val.yaml conf=0.001 iou=0.6 batch=32
Ultralytics YOLOv8.2.2 🚀 Python-3.10.12 torch-2.2.2+cu121 CUDA:0 (NVIDIA GeForce RTX 3090, 24253MiB)
YOLOv8l summary (fused): 268 layers, 43668288 parameters, 0 gradients, 165.2 GFLOPs
val: Scanning /mnt/workspace/cwh8szh/Documents/coco2017/val2017.cache... 5000 images, 48 backgrounds, 0 corrupt: 100%|██████████| 5000/5000 [00:00<?, ?it/s]
                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95): 100%|██████████| 157/157 [00:53<00:00,  2.95it/s]
                   all       5000      36781      0.733      0.639      0.695      0.519
                person       5000      11004      0.821      0.756      0.833      0.618
               bicycle       5000        316       0.79      0.596      0.691      0.419
                   car       5000       1932      0.767      0.671       0.74      0.508
            motorcycle       5000        371      0.791      0.728      0.798      0.547
""",
        expected=(("P", 0.733), ("R", 0.639), ("mAP50", 0.695), ("mAP50-95", 0.519)),
        absent=(("mAP50-95", 0.618), ("P", 0.821), "person", "Box(P"),
    ),
    Case(
        # source: https://github.com/ultralytics/yolov5/issues/1466 (older "mAP@.5 mAP@.5:.95" header)
        id="yolov5-old-header",
        family="yolo",
        text=r"""
python val.py --weights weights/yolov5s.pt --data data/coco.yaml --verbose --name coco --conf 0.7
val: data=data/coco.yaml, weights=['weights/yolov5s.pt'], batch_size=32, imgsz=640, conf_thres=0.7, iou_thres=0.6, task=val, device=, single_cls=False, augment=False, verbose=True, save_txt=False, save_hybrid=False, save_conf=False, save_json=True, project=runs/val, name=coco, exist_ok=False, half=False
YOLOv5 🚀 gitlab-584-g6b4eb27 torch 1.9.0 CUDA:0 (NVIDIA GeForce RTX 2060, 5934MB)

Fusing layers...
Model Summary: 224 layers, 7266973 parameters, 0 gradients
val: Scanning '11_mscoco/YOLO/val2017.cache' images and labels... 4952 found, 48 missing, 0 empty, 0 corrupted: 100%|██████████| 5000/5000 [00:00<?, ?it/s]
dataset: using NoneType
               Class     Images     Labels          P          R     mAP@.5 mAP@.5:.95: 100%|██████████| 157/157 [01:05<00:00,  2.39it/s]
                 all       5000      36335      0.902      0.238      0.572      0.461
              person       5000      10777      0.962      0.379      0.671      0.541
""",
        expected=(("P", 0.902), ("R", 0.238), ("mAP@.5", 0.572), ("mAP@.5:.95", 0.461)),
        absent=(("mAP@.5:.95", 0.541),),
    ),
    # ---------------------------------------------------------------- bleu
    Case(
        # source: https://github.com/ShannonAI/OpenViDial/issues/20 (fairseq-generate)
        id="fairseq-bleu4",
        family="bleu",
        text=r"""
Generate test with beam=5: BLEU4 = 1.21, 15.6/1.4/0.5/0.2 (BP=0.953, ratio=0.954, syslen=370561, reflen=388568)
""",
        expected=(("BLEU4", 1.21),),
        only=True,
    ),
    Case(
        # source: facebookresearch/fairseq examples/translation/README.md (the same score printed twice)
        id="fairseq-readme-generate-and-score",
        family="bleu",
        text=r"""
fairseq-generate data-bin/wmt14.en-fr.newstest2014  \
    --path data-bin/wmt14.en-fr.fconv-py/model.pt \
    --beam 5 --batch-size 128 --remove-bpe | tee /tmp/gen.out
# ...
# | Translated 3003 sentences (96311 tokens) in 166.0s (580.04 tokens/s)
# | Generate test with beam=5: BLEU4 = 40.83, 67.5/46.9/34.4/25.5 (BP=1.000, ratio=1.006, syslen=83262, reflen=82787)

# Compute BLEU score
grep ^H /tmp/gen.out | cut -f3- > /tmp/gen.out.sys
grep ^T /tmp/gen.out | cut -f2- > /tmp/gen.out.ref
fairseq-score --sys /tmp/gen.out.sys --ref /tmp/gen.out.ref
# BLEU4 = 40.83, 67.5/46.9/34.4/25.5 (BP=1.000, ratio=1.006, syslen=83262, reflen=82787)
""",
        expected=(("BLEU4", 40.83),),
        only=True,
    ),
    Case(
        # source: mjpost/sacrebleu README.md ("JSON output" section)
        id="sacrebleu-json",
        family="bleu",
        text=r"""
$ sacrebleu -i output.detok.txt -t wmt17 -l en-de
```

```json
{
 "name": "BLEU",
 "score": 20.8,
 "signature": "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.0.0",
 "verbose_score": "54.4/26.6/14.9/8.7 (BP = 1.000 ratio = 1.026 hyp_len = 62880 ref_len = 61287)",
 "nrefs": "1",
 "case": "mixed",
 "eff": "no",
 "tok": "13a",
 "smooth": "exp",
 "version": "2.0.0"
}
```
""",
        expected=(("BLEU", 20.8),),
        absent=("BP", "ratio", "score"),
        only=True,
    ),
    Case(
        # source: mjpost/sacrebleu README.md ("Scoring", "Using multiple metrics" sections)
        id="sacrebleu-text-signatures",
        family="bleu",
        text=r"""
$ sacrebleu -t wmt17 -l en-de -i output.detok.txt -sh
BLEU|#:1|c:mixed|e:no|tok:13a|s:exp|v:2.0.0 = 20.8 54.4/26.6/14.9/8.7 (BP = 1.000 ratio = 1.026 hyp_len = 62880 ref_len = 61287)
```

$ sacrebleu -t wmt17 -l en-de -i output.detok.txt -m bleu chrf ter
        BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.0.0 = 20.8 <stripped>
      chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.0.0 = 52.0
TER|nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.0.0 = 69.0
""",
        expected=(("BLEU", 20.8), ("chrF2", 52.0), ("TER", 69.0)),
        absent=("BP", "ratio", "hyp_len"),
        only=True,
    ),
    Case(
        # source: mjpost/sacrebleu README.md ("Multi-system Evaluation" table)
        id="sacrebleu-multi-system-table",
        family="bleu",
        text=r"""
$ sacrebleu -t wmt17 -l en-de -i newstest2017.online-* -m bleu chrf
╒═══════════════════════════════╤════════╤═════════╕
│                        System │  BLEU  │  chrF2  │
╞═══════════════════════════════╪════════╪═════════╡
│ newstest2017.online-A.0.en-de │  20.8  │  52.0   │
├───────────────────────────────┼────────┼─────────┤
│ newstest2017.online-B.0.en-de │  26.7  │  56.3   │
├───────────────────────────────┼────────┼─────────┤
│ newstest2017.online-F.0.en-de │  15.5  │  49.3   │
├───────────────────────────────┼────────┼─────────┤
│ newstest2017.online-G.0.en-de │  18.2  │  51.6   │
╘═══════════════════════════════╧════════╧═════════╛
""",
        expected=(
            ("newstest2017.online-A.0.en-de/BLEU", 20.8),
            ("newstest2017.online-A.0.en-de/chrF2", 52.0),
            ("newstest2017.online-B.0.en-de/BLEU", 26.7),
            ("newstest2017.online-G.0.en-de/chrF2", 51.6),
        ),
        absent=("newstest2017.online-B.0.en-de",),
    ),
    Case(
        # source: qianlan97/neural_machine_translation README.md (two sacrebleu JSON results)
        id="sacrebleu-json-twice",
        family="bleu",
        text=r"""
## Part 1 BLEU score without beam search
```
{
 "name": "BLEU",
 "score": 12.6,
 "signature": "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.4.0",
 "verbose_score": "41.3/13.6/8.1/5.6 (BP = 1.000 ratio = 1.033 hyp_len = 6421 ref_len = 6218)",
 "nrefs": "1",
 "case": "mixed",
 "eff": "no",
 "tok": "13a",
 "smooth": "exp",
 "version": "2.4.0"
}
```

## Part 4 BLEU score on the optimal beam size
```
{
 "name": "BLEU",
 "score": 7.3,
 "signature": "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.4.0",
 "verbose_score": "26.7/8.4/4.5/2.8 (BP = 1.000 ratio = 1.603 hyp_len = 9970 ref_len = 6218)",
 "nrefs": "1",
 "case": "mixed",
 "eff": "no",
 "tok": "13a",
 "smooth": "exp",
 "version": "2.4.0"
}
```
""",
        expected=(("BLEU", 12.6), ("BLEU", 7.3)),
        only=True,
    ),
    # ---------------------------------------------------------------- keras
    Case(
        # source: keras-team/keras-io examples/vision/md/mlp_image_classification.md (MLP-Mixer run)
        id="keras2-fit-and-evaluate",
        family="keras",
        text=r"""
Epoch 49/50
352/352 [==============================] - 8s 23ms/step - loss: 1.7665 - acc: 0.5113 - top5-acc: 0.8196 - val_loss: 2.0348 - val_acc: 0.4708 - val_top5-acc: 0.7730
Epoch 50/50
352/352 [==============================] - 8s 23ms/step - loss: 1.7392 - acc: 0.5201 - top5-acc: 0.8226 - val_loss: 2.0787 - val_acc: 0.4710 - val_top5-acc: 0.7734
313/313 [==============================] - 2s 8ms/step - loss: 2.0571 - acc: 0.4758 - top5-acc: 0.7718
Test accuracy: 47.58%
Test top 5 accuracy: 77.18%
""",
        expected=(
            ("val_acc", 0.4710),
            ("val_top5-acc", 0.7734),
            ("loss", 2.0571),
            ("acc", 0.4758),
            ("top5-acc", 0.7718),
            ("Test accuracy", 47.58),
            ("Test top 5 accuracy", 77.18),
        ),
        absent=("Epoch",),
    ),
    Case(
        # source: keras-team/keras-io examples/vision/md/mnist_moe.md (Keras 3 bars; partial bars are running values)
        id="keras3-bars",
        family="keras",
        text=r"""
 464/469 ━━━━━━━━━━━━━━━━━━━━  0s 23ms/step - accuracy: 0.9942 - loss: 0.1000 - moe_loss: 54389.1328

<div class="k-default-codeblock">
```

```
</div>
 467/469 ━━━━━━━━━━━━━━━━━━━━  0s 23ms/step - accuracy: 0.9942 - loss: 0.1000 - moe_loss: 54396.8125

<div class="k-default-codeblock">
```

```
</div>
 469/469 ━━━━━━━━━━━━━━━━━━━━ 11s 24ms/step - accuracy: 0.9942 - loss: 0.1000 - moe_loss: 54404.4766 - val_loss: 0.1000 - val_moe_loss: 55998.7227


### Evaluation


```python
score = model.evaluate(x_test, y_test, verbose=0)
print("Test loss:", score[0])
print("Test accuracy:", score[1])
```

<div class="k-default-codeblock">
```
Test loss: tf.Tensor(0.10000026, shape=(), dtype=float32)
Test accuracy: {'accuracy': <tf.Tensor: shape=(), dtype=float32, numpy=0.9932000041007996>}

```
</div>
""",
        expected=(
            ("accuracy", 0.9942),
            ("loss", 0.1),
            ("moe_loss", 54404.4766),
            ("val_loss", 0.1),
            ("val_moe_loss", 55998.7227),
        ),
        absent=(("moe_loss", 54389.1328), ("moe_loss", 54396.8125), "numpy", "shape", "dtype"),
    ),
    # ---------------------------------------------------------------- lightning
    Case(
        # source: jedick/pyvers README.md (Lightning rich table)
        id="lightning-rich-table",
        family="lightning",
        text=r"""
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
┃        Test metric        ┃       DataLoader 0        ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━┩
│         Accuracy          │           89.0            │
│          F1_NEI           │           80.0            │
│         F1_REFUTE         │           100.0           │
│        F1_SUPPORT         │           86.0            │
└───────────────────────────┴───────────────────────────┘

[['SUPPORT', 'SUPPORT', 'SUPPORT', 'NEI', 'NEI', 'SUPPORT', 'REFUTE', 'REFUTE', 'REFUTE']]
""",
        expected=(
            ("Accuracy", 89.0),
            ("F1_NEI", 80.0),
            ("F1_REFUTE", 100.0),
            ("F1_SUPPORT", 86.0),
        ),
        absent=("Test metric", "DataLoader 0"),
        only=True,
    ),
    Case(
        # source: glhr/lightning-segnet docs/FANCYFUSION-xp-KL.md (older Lightning "DATALOADER:0 TEST RESULTS")
        id="lightning-test-results-dict",
        family="lightning",
        text=r"""
[INFO] CM IoU - tensor([93.2676, 77.7040, 70.9775])
[INFO] precision tensor([94.3460, 88.7383, 98.3211], dtype=torch.float64) (93.80180696726748) | recall tensor([98.7893, 86.2049, 71.8483], dtype=torch.float64) (85.6141741852646)
Testing: 100%|██████████████████████████████████████████████████████████████████████████████████████| 136/136 [04:44<00:00,  2.09s/it]
--------------------------------------------------------------------------------
DATALOADER:0 TEST RESULTS
{'cm': 0.0,
 'test_acc': 0.9313876628875732,
 'test_acc_w': 0.9230747222900391,
 'test_dist_l1': 0.07119351625442505,
 'test_dist_l2': 0.07635588943958282,
 'test_dist_logl2': 0.02775973454117775,
 'test_dist_mistake_severity': 0.037619899958372116,
 'test_iou': 0.8745157122612}
""",
        expected=(
            ("cm", 0.0),
            ("test_acc", 0.9313876628875732),
            ("test_acc_w", 0.9230747222900391),
            ("test_dist_l1", 0.07119351625442505),
            ("test_dist_l2", 0.07635588943958282),
            ("test_dist_logl2", 0.02775973454117775),
            ("test_dist_mistake_severity", 0.037619899958372116),
            ("test_iou", 0.8745157122612),
        ),
        absent=("precision", "recall", "CM IoU"),
        only=True,
    ),
    # ---------------------------------------------------------------- jsonl
    Case(
        # source: redhoteggplant/endless-forams-plus scripts/2203.sh (detectron2 metrics.json lines; NaN skipped)
        id="detectron2-metrics-json-lines",
        family="jsonl",
        text=r"""
# # 80-10-10
# {"bbox/AP": 87.00276531845991, "bbox/AP50": 99.7609400806509, "bbox/AP75": 98.83243395463937, "bbox/APl": 87.48397587541838, "bbox/APm": 77.9418249628721, "bbox/APs": NaN, "iteration": 400, "segm/AP": 94.23580373789619, "segm/AP50": 99.7609400806509, "segm/AP75": 99.25138011561428, "segm/APl": 94.82170734300368, "segm/APm": 81.83289539037938, "segm/APs": NaN}
# # 70-15-15
# {"bbox/AP": 52.756628181122586, "bbox/AP50": 63.39695067726192, "bbox/AP75": 59.13282521924532, "bbox/APl": 53.02907795779189, "bbox/APm": 47.10444439508705, "bbox/APs": NaN, "iteration": 400, "segm/AP": 56.04597336536666, "segm/AP50": 60.08587109525034, "segm/AP75": 59.23292976323838, "segm/APl": 56.83121658561413, "segm/APm": 48.31807129932655, "segm/APs": NaN}
""",
        expected=(
            ("bbox/AP", 87.00276531845991),
            ("bbox/AP50", 99.7609400806509),
            ("iteration", 400),
            ("segm/AP", 94.23580373789619),
            ("bbox/AP", 52.756628181122586),
            ("segm/APm", 48.31807129932655),
        ),
        absent=("bbox/APs", "segm/APs"),
    ),
    Case(
        # source: https://github.com/EleutherAI/lm-evaluation-harness/issues/1701 (pretty-printed results JSON)
        id="lm-eval-results-json-fragment",
        family="jsonl",
        text=r"""
"results": {
  "arc_challenge": {
    "acc": 0.20051194539249148,
    "acc_stderr": 0.011700318050499373,
    "acc_norm": 0.21928327645051193,
    "acc_norm_stderr": 0.012091245787615723
}
""",
        expected=(
            ("results/arc_challenge/acc", 0.20051194539249148),
            ("results/arc_challenge/acc_stderr", 0.011700318050499373),
            ("results/arc_challenge/acc_norm", 0.21928327645051193),
            ("results/arc_challenge/acc_norm_stderr", 0.012091245787615723),
        ),
        only=True,
    ),
    # ---------------------------------------------------------------- generic
    Case(
        # source: https://github.com/guerzh/tf_weights/issues/5 (space before %)
        id="generic-top1-percent",
        family="generic",
        text=r"""
Top1 accuracy:  14.19 %
Top5 accuracy:  23.756 %
""",
        expected=(("Top1 accuracy", 14.19), ("Top5 accuracy", 23.756)),
        only=True,
    ),
    Case(
        # source: https://github.com/BVLC/caffe/issues/2673 (Caffe test-net output)
        id="generic-caffe-equals",
        family="generic",
        text=r"""
Iteration 1000, Testing net (#0)
Test net output #0: accuracy = 0.0286202
Test net output #1: loss = 10.2503 (* 1 = 10.2503 loss)
""",
        expected=(("accuracy", 0.0286202), ("loss", 10.2503)),
        only=True,
    ),
    Case(
        # source: https://github.com/facebookarchive/MIXER/issues/2 (tab-separated; tabs as in the issue)
        id="generic-tab-separated",
        family="generic",
        text="\nLength of generations:\t137996\tLength of ground truth:\t112571\tBrevity penalty:\t1\tCorpus level BLEU:\t0.12249842847183\tSentence level BLEU:\t0.083373183739123\tTotal number of sentences:\t6778\t\n",
        expected=(
            ("Length of generations", 137996),
            ("Length of ground truth", 112571),
            ("Brevity penalty", 1),
            ("Corpus level BLEU", 0.12249842847183),
            ("Sentence level BLEU", 0.083373183739123),
            ("Total number of sentences", 6778),
        ),
        only=True,
    ),
    Case(
        # source: https://github.com/tensorpack/tensorpack/issues/45 (markdown bold around pairs)
        id="generic-markdown-bold",
        family="generic",
        text=r"""
With "--dorefa 1,2,6" I am getting **train-error-top1: 0.51935**, **val-error-top1: 0.30192** and **train-error-top5: 0.26953**
""",
        expected=(
            ("train-error-top1", 0.51935),
            ("val-error-top1", 0.30192),
            ("train-error-top5", 0.26953),
        ),
        only=True,
    ),
]

FAMILIES = sorted({case.family for case in CORPUS})


def _find(metrics: list[ExtractedMetric], name: str, value: float) -> bool:
    return any(m.name == name and math.isclose(m.value, value, abs_tol=1e-12) for m in metrics)


# ============================================================================================
# extract_metrics over the corpus


def test_corpus_is_large_and_covers_many_families() -> None:
    # Given the table of real excerpts
    # Then it has at least 30 cases from at least 10 output families, each with a unique id
    assert len(CORPUS) >= 30
    assert len(FAMILIES) >= 10
    assert len({case.id for case in CORPUS}) == len(CORPUS)


@pytest.mark.parametrize("case", CORPUS, ids=[case.id for case in CORPUS])
def test_extracts_expected_metrics_from_real_output(case: Case) -> None:
    # Given a real excerpt of tool output
    # When the metrics are extracted
    metrics = extract_metrics(case.text)

    # Then every expected (name, value) is present
    for name, value in case.expected:
        assert _find(metrics, name, value), f"{name}={value} missing from {metrics}"
    # And nothing that must be absent is there
    for item in case.absent:
        if isinstance(item, str):
            assert all(m.name != item for m in metrics), f"{item} wrongly extracted: {metrics}"
        else:
            assert not _find(metrics, *item), f"{item} wrongly extracted: {metrics}"
    # And, for strict cases, nothing else was extracted
    if case.only:
        assert {m.name for m in metrics} == {name for name, _ in case.expected}


@pytest.mark.parametrize("case", CORPUS, ids=[case.id for case in CORPUS])
def test_names_are_short_and_never_garbage(case: Case) -> None:
    # Given any excerpt, when metrics are extracted
    metrics = extract_metrics(case.text)
    # Then names are short, start with a letter and carry no progress-bar characters
    for metric in metrics:
        assert 0 < len(metric.name) <= 80
        assert metric.name[0].isalpha(), metric
        assert not any(ch in metric.name for ch in "█━│┃|"), metric
        assert math.isfinite(metric.value)


@pytest.mark.parametrize("case", CORPUS, ids=[case.id for case in CORPUS])
def test_families_are_labelled_in_the_source_field(case: Case) -> None:
    # Given an excerpt of one family, when metrics are extracted
    metrics = extract_metrics(case.text)
    expected = {(name, value) for name, value in case.expected}
    # Then the expected metrics are labelled with that family (or, for mixed logs, another
    # known family)
    known = set(FAMILIES)
    labelled = [m for m in metrics if (m.name, m.value) in expected]
    assert all(m.source in known for m in labelled)
    if labelled:
        assert any(m.source == case.family for m in labelled)


def test_results_are_in_order_of_appearance_and_deduplicated() -> None:
    # Given fairseq's README, which prints the same BLEU4 twice
    text = next(c.text for c in CORPUS if c.id == "fairseq-readme-generate-and-score")
    # When extracted
    metrics = extract_metrics(text)
    # Then the pair appears once
    assert metrics == [ExtractedMetric("BLEU4", 40.83, "bleu")]

    # Given a COCO summary, then the order follows the log
    coco = next(c.text for c in CORPUS if c.id == "pycocotools-bbox")
    names = [m.name for m in extract_metrics(coco)]
    assert names[:3] == ["bbox/AP", "bbox/AP50", "bbox/AP75"]


def test_empty_and_metricless_text() -> None:
    # Given text without numbers, then nothing is found
    assert extract_metrics("") == []
    assert extract_metrics("loading annotations into memory...\nindex created!\n") == []


def test_values_are_kept_as_printed_with_their_precision() -> None:
    # Given a printed 92.862 and a percent-less fraction
    metrics = extract_metrics(" * Acc@1 76.130 Acc@5 92.862\nval_acc: 0.4710\nlr: 1.2e-3\n")
    by_name = {m.name: m for m in metrics}
    # Then no scaling happens and the printed decimals are remembered
    assert by_name["Acc@1"].value == 76.13
    assert by_name["Acc@1"].decimals == 3
    assert by_name["val_acc"].decimals == 4
    assert by_name["lr"].value == pytest.approx(0.0012)
    assert by_name["lr"].decimals == 4


@pytest.mark.parametrize(
    "text",
    [
        "12:30:45 2023-08-11 2024/01/02",  # timestamps and dates
        "torch 1.13.0 python 3.10.12 cuda 11.8",  # versions
        "epoch 3/10 step 1500/20000",  # counters
        "Epoch 9: 100%|████████████████| 25/25 [00:01<00:00, 13.89it/s, v_num=23]",  # tqdm
    ],
)
def test_conservative_about_non_metrics(text: str) -> None:
    # Given lines that only look numeric, when extracted, then nothing is found
    assert extract_metrics(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "a:" * 5000,
        "1" * 10000,
        "a" * 10000 + ": 1",
        "a " * 5000 + ": 1",
        "{" * 10000,
        "[" + "1/" * 5000 + "]",
        "'a': " * 2000,
        "| " * 5000 + "|",
        "│" * 10000,
        " Average Precision  (AP) @[" * 370,
        "=" * 10000,
        ("x = 1\n" * 1700)[:10000],
        "-" * 9999 + "1",
        '"a": {\n' * 1430,
        "1.1." * 2500,
    ],
    ids=lambda t: repr(t[:12]),
)
def test_pathological_input_returns_promptly(text: str) -> None:
    # Given a 10,000-character hostile input
    assert 9_000 <= len(text) <= 10_100
    # When extracted
    started = time.perf_counter()
    metrics = extract_metrics(text)
    elapsed = time.perf_counter() - started
    # Then it returns well within a generous guard and names stay short
    assert elapsed < 1.0
    assert all(len(m.name) <= 80 for m in metrics)


# ============================================================================================
# check_claimed_metric


def _metrics(case_id: str) -> list[ExtractedMetric]:
    return extract_metrics(next(c.text for c in CORPUS if c.id == case_id))


@dataclass(frozen=True)
class Claim:
    id: str
    case_id: str
    name: str
    value: float
    ok: bool
    detail_contains: str = ""


CLAIMS: list[Claim] = [
    # exact matches and aliases
    Claim("exact", "dat-swin-style-log-prefix", "Acc@1", 83.864, True, "Acc@1 = 83.864 found"),
    Claim("alias-top1", "dat-swin-style-log-prefix", "top1", 83.864, True, "(pytorch_imagenet)"),
    Claim("alias-accuracy@1", "internvl-imagenet-a", "accuracy@1", 77.479, True),
    Claim("alias-top-5", "internvl-imagenet-a", "Top-5 Accuracy", 92.724, True),
    # rounding both ways
    Claim("claim-rounded", "dat-swin-style-log-prefix", "top-1 accuracy", 83.9, True),
    Claim("claim-rounded-2", "dat-swin-style-log-prefix", "Acc@1", 83.86, True),
    Claim("printed-rounded", "internvl-imagenet-a", "Accuracy", 77.479, True),
    Claim("too-far", "dat-swin-style-log-prefix", "Acc@1", 83.8, False, "is 83.864"),
    Claim("printed-trailing-zero", "keras2-fit-and-evaluate", "val_acc", 0.471, True),
    Claim("printed-precision-kept", "keras2-fit-and-evaluate", "val_acc", 0.4714, False),
    Claim("less-precise-print", "hf-metrics-blocks", "eval_f1", 0.9594, True),
    # percent vs fraction, both ways
    Claim("percent-of-fraction", "pycocotools-bbox", "AP", 49.8, True, "as a percentage"),
    Claim("percent-hf", "hf-metrics-blocks", "eval_accuracy", 99.33, True),
    Claim("fraction-of-percent", "keras2-fit-and-evaluate", "Test accuracy", 0.4758, True),
    Claim("fraction-lm-eval", "lm-eval-percent-table", "agieval_aqua_rat acc", 0.2362, True),
    # prefixes and task/metric names
    Claim("eval-prefix-dropped", "hf-metrics-blocks", "accuracy", 0.9933, True),
    Claim("lm-eval-plain-metric", "lm-eval-table-in-diff", "acc", 0.5739, True),
    Claim("lm-eval-task-slash", "lm-eval-table-in-diff", "hellaswag/acc", 0.5739, True),
    Claim("lm-eval-task-space", "lm-eval-table-in-diff", "hellaswag acc", 57.39, True),
    Claim("lm-eval-acc-norm", "lm-eval-table-in-diff", "acc_norm", 0.7349, True),
    Claim("lm-eval-stderr-rejected", "lm-eval-table-in-diff", "acc", 0.0049, False),
    Claim("json-path-suffix", "lm-eval-results-json-fragment", "arc_challenge acc", 0.2005, True),
    # BLEU family
    Claim("bleu4-as-bleu", "fairseq-readme-generate-and-score", "BLEU", 40.83, True),
    Claim("sacrebleu-json", "sacrebleu-json", "sacreBLEU", 20.8, True, "(bleu)"),
    Claim("sacrebleu-system-row", "sacrebleu-multi-system-table", "BLEU", 26.7, True),
    # detection aliases and box/mask separation
    Claim("coco-map", "detectron2-full-evaluation", "mAP", 29.01, True),
    Claim("coco-box-ap", "torchvision-bbox-and-segm", "box AP", 38.5, True),
    Claim("coco-box-vs-mask", "torchvision-bbox-and-segm", "box AP", 34.5, False),
    Claim("coco-mask-ap", "torchvision-bbox-and-segm", "mask AP", 34.5, True),
    Claim("mmdet-bbox-map", "mmdet3-bbox-map-lines", "bbox_mAP", 80.4, True),
    Claim("mmdet2-map", "mmdet2-bbox-map-lines", "mAP", 26.7, True),
    Claim("mmdet2-ap50", "mmdet2-bbox-map-lines", "AP50", 0.515, True),
    Claim("yolo-map50-95", "yolov8-box-columns", "mAP50-95", 51.9, True),
    Claim("yolo-map-alias", "yolov8-box-columns", "mAP", 0.519, True),
    Claim("yolo-map50-not-map", "yolov8-box-columns", "mAP50", 0.519, False, "appears only as"),
    Claim("yolo-old-header", "yolov5-old-header", "mAP@0.5", 0.572, True),
    # things that must not match
    Claim(
        "unknown-name",
        "dat-swin-style-log-prefix",
        "top5 error",
        3.27,
        False,
        "no metric named 'top5 error' in the log; found: Acc@1, Acc@5, Accuracy",
    ),
    Claim(
        "value-under-other-metric",
        "dat-swin-style-log-prefix",
        "Acc@1",
        96.734,
        False,
        "96.734 appears only as Acc@5",
    ),
    Claim("timm-error-is-not-acc1", "timm-validate-with-result-json", "Acc@1", 13.96, False),
    Claim("timm-top1", "timm-validate-with-result-json", "top1", 86.04, True),
    Claim("coco-sentinel", "pycocotools-minus-one-sentinel", "APs", -1.0, False, "no metric"),
    Claim("progress-value-not-a-result", "cadene-progress-lines-only", "Acc@1", 76.451, False),
    Claim("error-is-not-top1", "generic-markdown-bold", "top1", 0.30192, False),
]


@pytest.mark.parametrize("claim", CLAIMS, ids=[c.id for c in CLAIMS])
def test_check_claimed_metric(claim: Claim) -> None:
    # Given the metrics extracted from a real excerpt
    metrics = _metrics(claim.case_id)
    # When a (name, value) claim is checked
    result = check_claimed_metric(metrics, claim.name, claim.value)
    # Then it is accepted or refused, with a sentence saying why
    assert isinstance(result, MetricCheck)
    assert result.ok is claim.ok, result.detail
    assert claim.detail_contains in result.detail
    assert result.detail


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_non_finite_claims_never_match(value: float) -> None:
    # Given metrics and a non-finite claimed value
    metrics = _metrics("dat-swin-style-log-prefix")
    # When checked, then it is refused
    result = check_claimed_metric(metrics, "Acc@1", value)
    assert not result.ok
    assert "not a finite number" in result.detail


def test_check_against_an_empty_log() -> None:
    # Given no metrics at all, when a claim is checked, then the detail says so
    result = check_claimed_metric([], "top1", 76.1)
    assert not result.ok
    assert "no metrics were found" in result.detail


def test_success_detail_reads_like_the_log() -> None:
    # Given the printed "76.130" (three decimals)
    metrics = extract_metrics(" * Acc@1 76.130 Acc@5 92.862")
    # When the claim 76.13 is checked
    result = check_claimed_metric(metrics, "top1", 76.13)
    # Then the detail quotes the number as printed
    assert result == MetricCheck(True, "Acc@1 = 76.130 found in the log (pytorch_imagenet)")


def test_unknown_name_lists_what_was_found() -> None:
    # Given the printed Acc@1/Acc@5 pair
    metrics = extract_metrics(" * Acc@1 76.130 Acc@5 92.862")
    # When an unrelated name is claimed
    result = check_claimed_metric(metrics, "bleu", 76.13)
    # Then the detail lists the names the log does have
    assert result == MetricCheck(False, "no metric named 'bleu' in the log; found: Acc@1, Acc@5")


def test_yolo_segmentation_columns_are_kept_apart() -> None:
    # Given the YOLOv8-seg header as printed in https://github.com/ultralytics/ultralytics/issues/25570
    # and an "all" row (adapted: the row's numbers are made up for this test, not from a log)
    text = (
        "                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95)"
        "     Mask(P          R      mAP50  mAP50-95): 100%\n"
        "                   all        500       1940      0.801      0.702      0.750      0.550"
        "      0.790      0.690      0.740      0.480\n"
    )
    # When extracted
    metrics = extract_metrics(text)
    # Then box columns keep plain names and mask columns are prefixed
    assert [(m.name, m.value) for m in metrics] == [
        ("P", 0.801),
        ("R", 0.702),
        ("mAP50", 0.75),
        ("mAP50-95", 0.55),
        ("Mask P", 0.79),
        ("Mask R", 0.69),
        ("Mask mAP50", 0.74),
        ("Mask mAP50-95", 0.48),
    ]
    # And an unqualified claim means the box metric, a "mask" claim the mask one
    assert check_claimed_metric(metrics, "mAP50-95", 0.55).ok
    assert not check_claimed_metric(metrics, "mAP50-95", 0.48).ok
    assert check_claimed_metric(metrics, "mask mAP50-95", 48.0).ok
