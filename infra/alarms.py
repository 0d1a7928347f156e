"""The alarms of the merge template: function errors and throttles, stream iterator age,
queue age and dead-letter messages, sent to the stage's alarm topic."""

from __future__ import annotations

from infra.common import (
    DLQ,
    FAILURES,
    ITERATOR_AGE_ALARM_MS,
    QUEUE,
    QUEUE_AGE_ALARM_SECONDS,
    TOPIC,
    Json,
    get_att,
)
from infra.functions import API_HANDLER, Function
from infra.stage import Stage

# --- alarms ----------------------------------------------------------------------------------


def _alarm(
    description: str,
    namespace: str,
    metric: str,
    dimensions: list[Json],
    statistic: str,
    threshold: float,
) -> Json:
    return {
        "Type": "AWS::CloudWatch::Alarm",
        "Properties": {
            "AlarmDescription": description,
            "Namespace": namespace,
            "MetricName": metric,
            "Dimensions": dimensions,
            "Statistic": statistic,
            "Period": 300,
            "EvaluationPeriods": 1,
            "Threshold": threshold,
            "ComparisonOperator": "GreaterThanThreshold",
            "TreatMissingData": "notBreaching",
            "AlarmActions": [{"Ref": TOPIC}],
            "OKActions": [{"Ref": TOPIC}],
        },
    }


def _queue_dimension(queue: str) -> list[Json]:
    return [{"Name": "QueueName", "Value": get_att(queue, "QueueName")}]


def alarm_resources(stage: Stage, functions: list[Function]) -> Json:
    alarms: Json = {
        f"{DLQ}Alarm": _alarm(
            "Validator messages were dead-lettered: inspect, fix, then redrive them",
            "AWS/SQS",
            "ApproximateNumberOfMessagesVisible",
            _queue_dimension(DLQ),
            "Maximum",
            0,
        ),
        f"{FAILURES}Alarm": _alarm(
            "Stream batches failed after all retries: their papers may show stale scores",
            "AWS/SQS",
            "ApproximateNumberOfMessagesVisible",
            _queue_dimension(FAILURES),
            "Maximum",
            0,
        ),
        f"{QUEUE}AgeAlarm": _alarm(
            "Uploads wait for validation longer than expected",
            "AWS/SQS",
            "ApproximateAgeOfOldestMessage",
            _queue_dimension(QUEUE),
            "Maximum",
            QUEUE_AGE_ALARM_SECONDS,
        ),
    }
    for fn in functions:
        dimension = [{"Name": "FunctionName", "Value": {"Ref": fn.cfn_name}}]
        alarms[f"{fn.cfn_name}ErrorsAlarm"] = _alarm(
            f"{stage.function_name(fn.name)} raised errors",
            "AWS/Lambda",
            "Errors",
            dimension,
            "Sum",
            0,
        )
        if fn.trigger == "dynamodb":
            alarms[f"{fn.cfn_name}IteratorAgeAlarm"] = _alarm(
                f"{stage.function_name(fn.name)} lags behind its stream",
                "AWS/Lambda",
                "IteratorAge",
                dimension,
                "Maximum",
                ITERATOR_AGE_ALARM_MS,
            )
    if any(fn.name == API_HANDLER for fn in functions):
        alarms["Api5xxAlarm"] = _alarm(
            "The API answered 5xx",
            "AWS/ApiGateway",
            "5XXError",
            [
                {"Name": "ApiName", "Value": stage.api_name},
                {"Name": "Stage", "Value": stage.api_gateway_stage},
            ],
            "Sum",
            0,
        )
    return alarms
