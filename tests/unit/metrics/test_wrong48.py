"""Rules that refuse values someone's own log does not earn for the claim (wrong48): decoding
methods and raw ranking metrics (`metric_variants`), what pasted code says about the numbers
(`pasted_code`). Each test is a crafted log of a general shape, never a corpus excerpt; public
examples of each shape are named in its comments."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_value_scoped_to_one_decoding_method_answers_no_claim_of_another() -> None:
    # Shape: icefall prints one `%WER = ...` errs- header per decoding method, and a results
    # section per method (https://github.com/k2-fsa/icefall/issues/1379: "modified_beam_search
    # decoding method：\n%WER = 773.47"; https://github.com/k2-fsa/icefall/pull/177: greedy
    # search and beam search rows 0.01-0.3 apart).
    # Given a sentence that ties the result below to modified beam search, naming greedy too
    log = (
        "Here is what I get with modified beam search; greedy is close:\n"
        "\n"
        "This is the result for modified beam search (beam 8), greedy decoding gives about the"
        " same:\n"
        "\n"
        "%WER = 7.31\n"
        "Errors: 120 insertions, 200 deletions, 900 substitutions, over 16000 reference words"
        " (14880 correct)\n"
    )
    # Then the value is modified beam search's: a plain or a matching claim is confirmed,
    # a greedy one is not
    assert confirms(log, "WER", 7.31)
    assert confirms(log, "WER (modified beam search)", 7.31)
    assert not confirms(log, "Greedy WER", 7.31)
    assert not confirms(log, "WER (greedy search)", 7.31)


def test_a_decoding_method_scope_written_by_the_tool_refuses_another_method() -> None:
    # Given icefall's "best for" lines, which name the method in the value's scope
    log = "greedy_search\t10.95\tbest for test\nmodified_beam_search\t10.52\tbest for test\n"
    # Then each method's value answers its own claim only
    assert confirms(log, "WER (greedy search)", 10.95)
    assert not confirms(log, "WER (greedy search)", 10.52)
    assert confirms(log, "WER (modified beam search)", 10.52)


def test_a_raw_ranking_claim_needs_a_value_that_says_raw() -> None:
    # Shape: link-prediction scorers report the filtered setting as the headline and label the
    # raw one (https://github.com/dmlc/dgl/issues/1275: "the vast majority of metrics reported
    # are filtered"; https://github.com/stellargraph/stellargraph/issues/2007: a `filtered` row).
    # Given a run reported with a plain MRR
    log = "After 100 epochs on FB15k-237 the test MRR is 0.312 and Hits@10 is 0.497.\n"
    # Then it is the (filtered) MRR, never the raw one
    assert confirms(log, "MRR", 0.312)
    assert confirms(log, "Filtered MRR", 0.312)
    assert not confirms(log, "Raw MRR", 0.312)
    assert not confirms(log, "Raw Hits@10", 0.497)

    # Given a scorer that prints both settings, labelled
    log = "raw MRR: 0.171\nfiltered MRR: 0.312\n"
    # Then the raw claim is answered by the raw row
    assert confirms(log, "Raw MRR", 0.171)
    assert not confirms(log, "Raw MRR", 0.312)


def test_the_one_environment_the_pasted_code_makes_scopes_the_values() -> None:
    # Shape: an SB3 issue quotes the printed output, then the script that made one Gym
    # environment (https://github.com/DLR-RM/stable-baselines3/issues/523 pattern;
    # https://github.com/hill-a/stable-baselines/issues/832: `env = gym.make('CartPole-v1')`).
    # Given the output before the script
    log = (
        "This works (output: mean_reward: 212.40, std_reward: 31.05), my own env hangs\n"
        "\n"
        "```\n"
        'env = gymnasium.make("LunarLander-v2")\n'
        'model = DQN("MlpPolicy", env).learn(total_timesteps=200000)\n'
        "mean_reward, std_reward = evaluate_policy(model, env, n_eval_episodes=20)\n"
        "```\n"
    )
    # Then the values are that environment's
    assert confirms(log, "Mean Reward", 212.40, "LunarLander-v2")
    assert confirms(log, "Mean Reward", 212.40)
    assert not confirms(log, "Mean Reward", 212.40, "MountainCar-v0")
    assert not confirms(log, "Mean Reward", 212.40, "MyWarehouseEnv")


def test_two_environments_in_the_code_scope_nothing() -> None:
    # Given a script that makes two environments (which one printed the value?)
    log = (
        "mean_reward: 88.10\n"
        "train_env = gym.make('CartPole-v1')\n"
        "eval_env = gym.make('Acrobot-v1')\n"
    )
    # Then no environment is taken for the values
    assert confirms(log, "Mean Reward", 88.10, "SomeOtherEnv")


def test_a_test_set_built_from_the_training_split_confirms_no_test_claim() -> None:
    # Shape: a torchvision "test" dataset constructed with train=True, a known notebook slip
    # (https://github.com/EdwardRaff/Inside-Deep-Learning/issues/25: `test_data =
    # torchvision.datasets.FashionMNIST("./", train=True, ...)`;
    # https://github.com/jonasrothfuss/meta_learning_pacoh/pull/5 "MNIST train and test are
    # the same").
    # Given the construction over several lines, then the printed accuracies
    log = (
        "testset = torchvision.datasets.CIFAR10(root='./data',\n"
        "                                       train=True,\n"
        "                                       download=True)\n"
        "\n"
        "Valid Accuracy: 91.20%\n"
        "Test Accuracy: 99.70%\n"
    )
    # Then the "test" value is a training-set value: no test claim, the validation one stands
    assert not confirms(log, "Test Accuracy", 99.70)
    assert confirms(log, "Validation Accuracy", 91.20)

    # Given the same script with train=False
    log = log.replace("train=True", "train=False")
    # Then the test value is the test set's
    assert confirms(log, "Test Accuracy", 99.70)


def test_a_worked_example_of_expected_values_is_no_run() -> None:
    # Shape: an issue proposes a test and works out its expected scores by hand
    # Given parser statistics, then such a proposal
    log = (
        "Recall:     58.10%\n"
        "Precision:  70.02%\n"
        "F1:         0.64\n"
        "\n"
        "We should add a unit test: 3 sentences with 12 expected links, 9 found, 2 wrong"
        " (Precision = 7/9 = 0.78, Recall = 7/12 = 0.58, F1 = 0.67368421)\n"
    )
    # Then the proposal's values are not the run's; the run's stand
    assert not confirms(log, "F1", 0.67368421)
    assert confirms(log, "F1", 0.64)
    assert confirms(log, "Precision", 70.02)
