"""Format audit of the most-used NLP, LLM, retrieval, tabular and RL tools: each test is one
output format built as its source code prints it (own values), with the claims a user would
submit and the traps beside them. The docstring of each test names its format source."""

# ruff: noqa: E501  (log lines are kept as the tools print them)

from __future__ import annotations

import json

from tests.unit.metrics._helpers import confirms


def test_lm_eval_03_make_table_task_version_metric_value_stderr() -> None:
    """EleutherAI/lm-evaluation-harness v0.3.0 lm_eval/evaluator.py `make_table` (headers
    ["Task", "Version", "Metric", "Value", "", "Stderr"], "%.4f", task and version only on a
    task's first row) and main.py's `{model} ({model_args}), limit: ..., provide_description:
    ..., num_fewshot: ..., batch_size: ...` line."""
    text = """\
hf-causal (pretrained=EleutherAI/pythia-1.4b), limit: None, provide_description: False, num_fewshot: 0, batch_size: 8
|    Task     |Version| Metric |Value |   |Stderr|
|-------------|------:|--------|-----:|---|-----:|
|arc_challenge|      0|acc     |0.2602|±  |0.0128|
|             |       |acc_norm|0.2867|±  |0.0132|
|hellaswag    |      0|acc     |0.4040|±  |0.0049|
|             |       |acc_norm|0.5197|±  |0.0050|
|lambada_openai|     0|ppl     |6.0859|±  |0.1516|
|             |       |acc     |0.6173|±  |0.0068|
"""
    assert confirms(text, "acc_norm", 0.5197, "hellaswag")
    assert confirms(text, "HellaSwag", 51.97)
    assert confirms(text, "acc", 0.6173, "lambada_openai")
    assert confirms(text, "LAMBADA", 61.73)
    assert not confirms(text, "acc", 0.5197, "hellaswag")  # acc_norm is not acc
    assert not confirms(text, "acc", 0.0049, "hellaswag")  # the stderr
    assert not confirms(text, "acc", 0.2602, "hellaswag")  # another task's row


def test_lm_eval_040_table_without_the_direction_column() -> None:
    """lm-evaluation-harness v0.4.0-v0.4.2 lm_eval/utils.py `make_table` (headers [column_name,
    "Version", "Filter", "n-shot", "Metric", "Value", "", "Stderr"]: no higher-is-better
    column yet; YAML tasks' version printed as `Yaml`)."""
    text = """\
hf (pretrained=EleutherAI/pythia-160m), gen_kwargs: (), limit: None, num_fewshot: None, batch_size: 32
|    Tasks     |Version|Filter|n-shot|  Metric  | Value |   |Stderr|
|--------------|-------|------|-----:|----------|------:|---|-----:|
|lambada_openai|Yaml   |none  |     0|perplexity|38.5093|±  |1.4512|
|              |       |none  |     0|acc       | 0.3282|±  |0.0065|
|piqa          |Yaml   |none  |     0|acc       | 0.6208|±  |0.0113|
|              |       |none  |     0|acc_norm  | 0.6164|±  |0.0113|
"""
    assert confirms(text, "perplexity", 38.5093, "lambada_openai")
    assert confirms(text, "PIQA", 62.08)
    assert confirms(text, "acc_norm", 0.6164, "piqa")
    assert not confirms(text, "acc", 0.6164, "piqa")
    assert not confirms(text, "acc", 0.0113, "piqa")


def test_hf_trainer_epoch_dicts_then_train_and_eval_blocks() -> None:
    """huggingface/transformers Trainer `log` dicts (`{'eval_loss': ..., 'epoch': 1.0}` per
    evaluation; the last one with `train_runtime`), trainer_pt_utils.py `log_metrics`
    (`print(f"***** {split} metrics *****")`, `f"  {key: <{k_width}} = {value:>{v_width}}"`,
    floats rounded to 4 decimals) as examples/pytorch/text-classification/run_glue.py prints
    them for MRPC (accuracy, f1, combined_score)."""
    text = """\
{'eval_loss': 0.4011, 'eval_accuracy': 0.8284313725490197, 'eval_f1': 0.8797, 'eval_combined_score': 0.8541, 'eval_runtime': 2.398, 'eval_samples_per_second': 170.141, 'eval_steps_per_second': 21.268, 'epoch': 1.0}
{'loss': 0.2211, 'grad_norm': 9.5501, 'learning_rate': 2.1739e-06, 'epoch': 2.72}
{'eval_loss': 0.4122, 'eval_accuracy': 0.8651960784313726, 'eval_f1': 0.9041, 'eval_combined_score': 0.8847, 'eval_runtime': 2.39, 'eval_samples_per_second': 170.7, 'eval_steps_per_second': 21.337, 'epoch': 3.0}
{'train_runtime': 215.1743, 'train_samples_per_second': 51.141, 'train_steps_per_second': 6.398, 'train_loss': 0.3563, 'epoch': 3.0}
***** train metrics *****
  epoch                    =        3.0
  total_flos               =  2245830GF
  train_loss               =     0.3563
  train_runtime            = 0:03:35.17
  train_samples            =       3668
***** eval metrics *****
  epoch                   =        3.0
  eval_accuracy           =     0.8652
  eval_combined_score     =     0.8847
  eval_f1                 =     0.9041
  eval_loss               =     0.4122
  eval_runtime            = 0:00:02.39
  eval_samples            =        408
  eval_samples_per_second =      170.7
"""
    assert confirms(text, "accuracy", 86.52, "MRPC")
    assert confirms(text, "f1", 0.9041)
    assert confirms(text, "combined_score", 0.8847)
    assert not confirms(text, "accuracy", 0.8284)  # the first epoch's evaluation
    assert not confirms(text, "accuracy", 408)  # a count
    assert not confirms(text, "test accuracy", 0.8652)  # eval_ is validation
    assert not confirms(text, "loss", 0.3563)  # the training loss


def test_hf_all_results_json() -> None:
    """transformers Trainer `save_metrics("all", ...)`: all_results.json written with
    `json.dump(all_metrics, f, indent=4, sort_keys=True)` (eval_ and train_ keys together)."""
    text = json.dumps(
        {
            "epoch": 3.0,
            "eval_accuracy": 0.8651960784313726,
            "eval_f1": 0.9041192452830189,
            "eval_loss": 0.41218218207359314,
            "eval_samples": 408,
            "train_loss": 0.35634708404541016,
            "train_runtime": 215.1743,
            "train_samples": 3668,
        },
        indent=4,
        sort_keys=True,
    )
    assert confirms(text, "accuracy", 0.8652)
    assert confirms(text, "F1", 90.41)
    assert not confirms(text, "accuracy", 0.3563)
    assert not confirms(text, "accuracy", 408)


def test_sklearn_report_dict_printed_with_integer_labels() -> None:
    """scikit-learn sklearn/metrics/_classification.py `classification_report(...,
    output_dict=True)` printed with `print(...)`: class rows keyed by the label as a string
    (`target_names = [f"{label}" for label in labels]`: '0', '1'), then 'accuracy', 'macro
    avg', 'weighted avg'. A class's f1-score is not the report's F1."""
    text = (
        "{'0': {'precision': 0.9411764705882353, 'recall': 0.9142857142857143, 'f1-score': "
        "0.9275362318840579, 'support': 35.0}, '1': {'precision': 0.8235294117647058, 'recall': "
        "0.875, 'f1-score': 0.8484848484848485, 'support': 16.0}, 'accuracy': 0.9019607843137255,"
        " 'macro avg': {'precision': 0.8823529411764706, 'recall': 0.8946428571428571, "
        "'f1-score': 0.8880105401844532, 'support': 51.0}, 'weighted avg': {'precision': "
        "0.9042675893886967, 'recall': 0.9019607843137255, 'f1-score': 0.9027474970872208, "
        "'support': 51.0}}\n"
    )
    assert confirms(text, "accuracy", 0.9020)
    assert confirms(text, "macro F1", 0.8880)
    assert confirms(text, "weighted F1", 0.9027)
    assert not confirms(text, "F1", 0.9275)  # class 0's row
    assert not confirms(text, "precision", 0.9412)
    assert not confirms(text, "macro F1", 0.9027)


def test_sklearn_020_report_with_micro_avg_and_multilabel_samples_avg() -> None:
    """scikit-learn 0.20-0.21 `classification_report` (average rows "micro avg", "macro avg",
    "weighted avg"; multilabel adds "samples avg", `digits=4`)."""
    text = """\
              precision    recall  f1-score   support

      action     0.7612    0.6820    0.7194       456
      comedy     0.6931    0.6012    0.6439       331

   micro avg     0.7721    0.7453    0.7585       787
   macro avg     0.7554    0.7122    0.7318       787
weighted avg     0.7701    0.7453    0.7562       787
 samples avg     0.7810    0.7602    0.7513       787
"""
    assert confirms(text, "micro F1", 0.7585)
    assert confirms(text, "macro F1", 0.7318)
    assert confirms(text, "samples F1", 0.7513)
    assert not confirms(text, "micro F1", 0.7318)
    assert not confirms(text, "F1", 0.7194)


def test_vllm_throughput_line_by_its_own_name() -> None:
    """vllm-project/vllm benchmarks/benchmark_throughput.py (`print(f"Throughput:
    {len(requests) / elapsed_time:.2f} requests/s, {total_num_tokens / elapsed_time:.2f} total
    tokens/s, {total_output_tokens / elapsed_time:.2f} output tokens/s")`; before PR #8914
    `..., {:.2f} tokens/s`), after the `Processed prompts` progress bar's running speeds."""
    text = """\
Processed prompts: 100%|██████████| 1000/1000 [00:41<00:00, 24.14it/s, est. speed input: 5200.16 toks/s, output: 4811.20 toks/s]
Throughput: 24.09 requests/s, 10101.88 total tokens/s, 4805.61 output tokens/s
"""
    assert confirms(text, "Throughput", 24.09)
    assert confirms(text, "Request throughput", 24.09)
    assert confirms(text, "Output token throughput", 4805.61)
    assert not confirms(text, "Throughput", 10101.88)
    assert not confirms(text, "Output token throughput", 4811.20)  # the bar's running speed
    old = "Throughput: 8.37 requests/s, 4001.49 tokens/s\n"
    assert confirms(old, "throughput", 8.37)
    assert not confirms(old, "request throughput", 4001.49)


def test_sb3_rollout_table_confirms_a_claim_naming_the_environment() -> None:
    """DLR-RM/stable-baselines3 stable_baselines3/common/logger.py `HumanOutputFormat.write`
    (`| rollout/ |`, `|    ep_rew_mean | 487 |`, values `f"{value:<8.3g}"`), printed every log
    interval: `rollout/` is the logger's section, not the environment the reward is of."""
    table = """\
------------------------------------------
| rollout/                |              |
|    ep_len_mean          | {reward}          |
|    ep_rew_mean          | {reward}          |
| time/                   |              |
|    fps                  | 981          |
|    total_timesteps      | {steps}       |
| train/                  |              |
|    entropy_loss         | -0.507       |
|    value_loss           | 1.83         |
------------------------------------------
"""
    text = table.format(reward=112, steps=4096) + table.format(reward=487, steps=100352)
    assert confirms(text, "ep_rew_mean", 487, "CartPole-v1")
    assert confirms(text, "mean reward", 487)
    assert not confirms(text, "ep_rew_mean", 112, "CartPole-v1")  # an earlier interval
    assert not confirms(text, "reward", 981)


def test_sb3_eval_callback_lines_and_eval_table() -> None:
    """stable_baselines3/common/callbacks.py `EvalCallback._on_step` (`print(f"Eval
    num_timesteps={self.num_timesteps}, episode_reward={mean_reward:.2f} +/-
    {std_reward:.2f}")`, `print(f"Episode length: {mean_ep_length:.2f} +/- ...")`, `New best
    mean reward!`) and the logger's `eval/` section."""
    text = """\
Eval num_timesteps=10000, episode_reward=-1234.56 +/- 312.22
Episode length: 200.00 +/- 0.00
New best mean reward!
Eval num_timesteps=20000, episode_reward=-154.83 +/- 91.06
Episode length: 200.00 +/- 0.00
New best mean reward!
-----------------------------------
| eval/              |            |
|    mean_ep_length  | 200        |
|    mean_reward     | -155       |
| time/              |            |
|    total_timesteps | 20000      |
-----------------------------------
"""
    assert confirms(text, "mean reward", -154.83, "Pendulum-v1")
    assert not confirms(text, "mean reward", -1234.56)
    assert not confirms(text, "mean reward", 91.06)  # the std
    assert not confirms(text, "mean reward", 200)  # the episode length


def test_sacrebleu_1x_chrf_signature_joined_by_plus() -> None:
    """mjpost/sacrebleu 1.4.x (signature fields joined by "+": `BLEU+case.mixed+...+version.
    1.4.14 = 26.8 57.9/32.3/20.1/12.9 (BP = ...)`, `chrF2+...+version.1.4.14 = 0.563`, chrF
    on a 0-1 scale)."""
    text = """\
BLEU+case.mixed+lang.en-de+numrefs.1+smooth.exp+test.wmt14/full+tok.13a+version.1.4.14 = 26.8 57.9/32.3/20.1/12.9 (BP = 1.000 ratio = 1.011 hyp_len = 65031 ref_len = 64309)
chrF2+case.mixed+lang.en-de+numchars.6+numrefs.1+space.false+test.wmt14/full+version.1.4.14 = 0.563
"""
    assert confirms(text, "BLEU", 26.8, "WMT14 en-de")
    assert confirms(text, "chrF", 0.563)
    assert confirms(text, "chrF", 56.3)
    assert not confirms(text, "BLEU", 0.563)
    assert not confirms(text, "BLEU", 57.9)  # the 1-gram precision


def test_rouge_score_cli_csv() -> None:
    """google-research/google-research rouge/io.py `_write_aggregates_to_csv`
    (`"score_type,low,mid,high\\n"`, then `"%s-R,%f,%f,%f\\n"`, `-P`, `-F` per ROUGE type):
    the mid column is the score, low and high its bootstrap bounds."""
    text = """\
score_type,low,mid,high
rouge1-R,0.441301,0.451212,0.461022
rouge1-P,0.402114,0.412323,0.421998
rouge1-F,0.411870,0.421880,0.431207
rouge2-R,0.201456,0.210330,0.219870
rouge2-P,0.184501,0.193220,0.202300
rouge2-F,0.188014,0.197011,0.206001
rougeL-R,0.406001,0.415810,0.425190
rougeL-P,0.371011,0.380110,0.389830
rougeL-F,0.379911,0.388880,0.398012
"""
    assert confirms(text, "ROUGE-1", 0.4219)
    assert confirms(text, "ROUGE-2", 19.70)
    assert confirms(text, "ROUGE-L", 38.89)
    assert not confirms(text, "ROUGE-1", 0.4119)  # the low bound
    assert not confirms(text, "ROUGE-1", 0.4312)  # the high bound
    assert not confirms(text, "ROUGE-1", 0.4512)  # the recall


def test_rouge_score_aggregates_printed_key_by_key() -> None:
    """rouge_score scoring.py `BootstrapAggregator.aggregate()` (`AggregateScore(low=Score(...),
    mid=Score(...), high=Score(...))`) printed `for key in result: print(f"{key}:
    {result[key]}")`: the key leads its line unquoted."""
    text = """\
rouge1: AggregateScore(low=Score(precision=0.4012, recall=0.4387, fmeasure=0.4101), mid=Score(precision=0.4133, recall=0.4511, fmeasure=0.4219), high=Score(precision=0.4251, recall=0.4632, fmeasure=0.4335))
rouge2: AggregateScore(low=Score(precision=0.1843, recall=0.2012, fmeasure=0.1884), mid=Score(precision=0.1931, recall=0.2103, fmeasure=0.1970), high=Score(precision=0.2022, recall=0.2196, fmeasure=0.2061))
"""
    assert confirms(text, "ROUGE-1", 0.4219)
    assert confirms(text, "ROUGE-2", 0.1970)
    assert not confirms(text, "ROUGE-1", 0.4101)
    assert not confirms(text, "ROUGE-2", 0.2061)


def test_lightgbm_cv_aggregates_and_xgboost_train_eval_rounds() -> None:
    """microsoft/LightGBM python-package/lightgbm/callback.py `_format_eval_result` for `lgb.cv`
    (`f"{data_name}'s {eval_name}: {result:g} + {stdv:g}"`: 4.x `cv_agg's valid auc`, 3.x
    `cv_agg's auc`); dmlc/xgboost callback.py `EvaluationMonitor` (`[%d]\\t<data>-<metric>:
    <value>` per round for `evals=[(dtrain, "train"), (dvalid, "eval")]`)."""
    for name in ("cv_agg's valid auc", "cv_agg's auc"):
        text = f"[50]\t{name}: 0.911523 + 0.00412306\n[100]\t{name}: 0.918012 + 0.00391122\n"
        assert confirms(text, "AUC", 0.918012)
        assert not confirms(text, "AUC", 0.00391122)  # the std over folds
        assert not confirms(text, "AUC", 0.911523)  # an earlier round
    text = """\
[0]	train-rmse:17.58941	eval-rmse:17.62108
[98]	train-rmse:0.91242	eval-rmse:3.01211
[99]	train-rmse:0.90112	eval-rmse:3.00871
"""
    assert confirms(text, "RMSE", 3.00871, "Boston")
    assert not confirms(text, "RMSE", 0.90112)  # the training set's
    assert not confirms(text, "RMSE", 3.01211)
    assert not confirms(text, "test RMSE", 3.00871)  # the eval set is a validation set


def test_catboost_rounds_without_learn_and_best_test() -> None:
    """catboost/catboost C++ logger (`{iter}:\\ttest: {v}\\tbest: {v} ({iter})\\ttotal: {t}\\t
    remaining: {t}`: a metric CatBoost skips on the training set, AUC, prints no `learn:`), then
    `bestTest = {v}`, `bestIteration = {iter}`, `Shrink model to first {n} iterations.`: the
    model keeps the best iteration, so the last round's test value is not its score."""
    text = """\
0:	test: 0.8012311	best: 0.8012311 (0)	total: 12ms	remaining: 11.9s
500:	test: 0.9212311	best: 0.9231231 (412)	total: 6.1s	remaining: 6.1s
999:	test: 0.9201231	best: 0.9231231 (412)	total: 12.2s	remaining: 0us

bestTest = 0.9231231
bestIteration = 412

Shrink model to first 413 iterations.
"""
    assert confirms(text, "AUC", 0.9231231)
    assert confirms(text, "bestTest", 0.9231231)
    assert not confirms(text, "AUC", 0.9201231)  # the last round
    assert not confirms(text, "AUC", 412)


def test_dgl_example_epoch_lines_print_the_validation_accuracy() -> None:
    """dmlc/dgl examples/pytorch/gcn/train.py (`acc = evaluate(g, features, labels, val_mask,
    model)`, `print("Epoch {:05d} | Loss {:.4f} | Accuracy {:.4f} ".format(...))`, then
    `print("Testing...")`, `print("Test accuracy {:.4f}".format(acc))`; before 1.0 gcn.py
    `"Epoch {:05d} | Time(s) {:.4f} | Loss {:.4f} | Accuracy {:.4f} | ETputs(KTEPS) {:.2f}"`)."""
    text = """\
Training...
Epoch 00198 | Loss 0.0219 | Accuracy 0.7860
Epoch 00199 | Loss 0.0224 | Accuracy 0.7880
Testing...
Test accuracy 0.8130
"""
    assert confirms(text, "accuracy", 0.8130, "Cora")
    assert confirms(text, "validation accuracy", 0.7880)
    assert not confirms(text, "accuracy", 0.7880)  # the last epoch's validation accuracy
    assert not confirms(text, "test accuracy", 0.7860)
    old = """\
Epoch 00199 | Time(s) 0.0043 | Loss 0.0224 | Accuracy 0.7880 | ETputs(KTEPS) 2434.12
Test Accuracy 0.8130
"""
    assert confirms(old, "accuracy", 81.30)
    assert not confirms(old, "accuracy", 0.7880)


def test_ogb_graphproppred_epoch_dicts_and_best_validation_epoch() -> None:
    """snap-stanford/ogb examples/graphproppred/mol/main_pyg.py (`print("=====Epoch
    {}".format(epoch))`, `print({'Train': train_perf, 'Validation': valid_perf, 'Test':
    test_perf})` per epoch, then `print('Finished training!')`, `print('Best validation score:
    {}'.format(valid_curve[best_val_epoch]))`, `print('Test score: {}'.format(test_curve[
    best_val_epoch]))`): the test score at the best validation epoch is the result."""
    text = """\
=====Epoch 99
{'Train': {'rocauc': 0.8871}, 'Validation': {'rocauc': 0.8502}, 'Test': {'rocauc': 0.7788}}
=====Epoch 100
Training...
Evaluating...
{'Train': {'rocauc': 0.8912}, 'Validation': {'rocauc': 0.8411}, 'Test': {'rocauc': 0.7712}}
Finished training!
Best validation score: 0.8502
Test score: 0.7788
"""
    assert confirms(text, "ROC-AUC", 0.7788, "ogbg-molhiv")
    assert confirms(text, "validation ROC-AUC", 0.8502)
    assert not confirms(text, "ROC-AUC", 0.7712)  # the last epoch's test value
    assert not confirms(text, "ROC-AUC", 0.8502)  # the validation score
    assert not confirms(text, "test ROC-AUC", 0.8912)
