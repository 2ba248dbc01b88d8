"""schemathesis hooks for `npm test` (loaded through SCHEMATHESIS_HOOKS by test/fuzz/schemathesis.ts).

1. Large and extreme numbers. schemathesis draws numbers near a schema's bounds, rarely the values that once broke
   billing (1e308, 1e17, 2^53 + 1, 2^63, -0, thirteen-decimal fractions, "1e400" in a free-form property). For one
   case in four, `map_case` puts such values in place of about half the numbers of the body and the query and of
   the values of usage-event `properties`. When the run has a metered subscription (FUZZ_METERED), one usage-event
   case in two is made events of that subscription with an extreme value in the very property its metric reads, and
   one read of a subscription in two reads it, so ingestion, aggregation and pricing meet the values at full depth.
   schemathesis revalidates a changed case against the document, so its own checks judge the result as usual (a
   value beyond a declared maximum makes a case that must be refused); the check `extreme_numbers_are_named` adds
   that such a case is never a 5xx, that its 400 names a field in every detail, and that an event value beyond the
   documented bounds (docs/metering.md, "Numeric bounds") is never taken and is named.

   The choice is a function of the run's seed (FUZZ_SEED) and of the case as generated, so a seed replays the same
   requests, and hypothesis, which may build a case more than once, always gets the same one.

2. Two kinds of false failure are dropped (`filter_failure`), nothing else:
   - OpenAPI 3.0 has no `propertyNames`, so the document cannot say that the keys of a free-form object
     (`metadata`) must not hold NUL, which PostgreSQL cannot store. The API refuses such a key with a 400 naming the
     object; a "valid request rejected" failure whose only reason it is gets dropped.
   - schemathesis' validator calls a float never an integer, so the -0.0 put in place of an integer (a `trialDays`
     of -0.0) makes a case look invalid that JSON, and the API, read as 0. An "invalid request accepted" failure of
     an extreme case that is valid once its integral numbers are read as integers gets dropped.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import random
import re
from decimal import Decimal

import schemathesis
from schemathesis.core import NotSet
from schemathesis.core.parameters import ParameterLocation

# Numbers that overflow a double's exact integers, PostgreSQL's bigint, the money maximum, or that carry more
# precision than money or a unit count holds; and the edges just inside the documented bounds.
EXTREME_NUMBERS = (
    1e308,
    -1e308,
    1.7976931348623157e308,
    1e17,
    -1e17,
    1e20,
    9007199254740993,  # 2^53 + 1: a double cannot hold it
    -9007199254740993,
    9223372036854775807,  # bigint's largest
    9223372036854775808,  # one beyond it
    99999999999.99,  # the money maximum
    99999999999.995,
    100000000000,
    1e12,  # the largest unit count
    1000000000000.5,
    1e15,  # the largest event value
    2e15,
    1e-12,  # the smallest twelve-decimal unit count
    1e-13,
    1e-15,  # the smallest fifteen-decimal event value
    1e-16,
    5e-324,  # the smallest double
    -0.0,
    0.1234567890123456,  # sixteen significant digits
    1.000000000001,
    12.345678901234567,
)

# Numeric text (free-form property values, query parameters): text no double holds, and text that only looks numeric.
EXTREME_NUMERIC_STRINGS = (
    "1e17",
    "1e400",
    "-1e400",
    "1e-400",
    "9223372036854775808",
    "99999999999.99",
    "0.000000000001",
    "0.0000000000001",
    "-0",
    "1e308",
    "Infinity",
    "NaN",
    "0x1p3",
    "1_000",
)

# One case in SHARE carries extreme values. With a metered subscription, one usage-event case (or read of one
# subscription) in AIM_SHARE is aimed at it instead.
SHARE = 4
AIM_SHARE = 2

# The documented bounds of a value a numeric metric reads: |value| <= 10^15, <= 15 decimals, <= 15 significant digits.
MAX_EVENT_VALUE = Decimal(10) ** 15
MAX_EVENT_VALUE_DECIMALS = 15
MAX_SIGNIFICANT_DIGITS = 15
# Decimal notation as the API reads numeric text ("12.5", "-3", "1e3"); Python's Decimal also takes "1_000", "NaN".
DECIMAL_NOTATION = re.compile(r"^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$")

USAGE_OPERATIONS = {"createUsageEvent", "createUsageEventBatch"}
# Reads of one subscription: aimed at the metered one, they price its usage as the events left it.
SUBSCRIPTION_READS = {
    "getSubscription": "id",
    "getSubscriptionUsage": "id",
    "listSubscriptionUsageEvents": "subscriptionId",
}

SEED = os.environ.get("FUZZ_SEED", "0")
# {"subscriptionId": "...", "metrics": [{"code": "...", "fieldName": "..."}]}, written by the fuzz test.
METERED = json.loads(os.environ.get("FUZZ_METERED") or "null")


class Extremes:
    """What `map_case` did to a case: the fields it made extreme, and those whose value must be refused."""

    # Not a dataclass: schemathesis loads this file outside sys.modules, where @dataclass fails on its annotations.
    def __init__(self) -> None:
        self.paths: list[str] = []
        self.beyond_bounds: list[str] = []


# By case id: the check sees the very case object `map_case` returned.
EXTREME_CASES: dict[str, Extremes] = {}


NUL_IN_KEY = "property names must not contain a NUL character"


@schemathesis.hook
def map_case(context, case):
    if case.method.upper() != case.operation.method.upper():
        # A probe of an undeclared method (405, or 204 to OPTIONS) is about the method, whatever the body says.
        return case
    rng = _random_for(case)
    operation_id = case.operation.schema.get_operation_id(case.operation)
    extremes = Extremes()
    if METERED is not None and operation_id in SUBSCRIPTION_READS and rng.randrange(AIM_SHARE) == 0:
        case.path_parameters = {**case.path_parameters, SUBSCRIPTION_READS[operation_id]: METERED["subscriptionId"]}
        return case
    # A case sent without a body (its media type dropped) stays as it is.
    sends_body = case.media_type is not None
    if METERED is not None and operation_id in USAGE_OPERATIONS and sends_body and rng.randrange(AIM_SHARE) == 0:
        body = {}
        _aim_events(body, operation_id == "createUsageEventBatch", _count_events(case.body), rng, extremes)
        case.body = body
    elif rng.randrange(SHARE) == 0:
        if isinstance(case.body, (dict, list)):
            body = copy.deepcopy(case.body)
            _replace_numbers(body, "body", rng, extremes, free_form=False)
            case.body = body
        if case.query:
            query = dict(case.query)
            _replace_numbers(query, "query", rng, extremes, free_form=False, text=True)
            case.query = query
    if extremes.paths:
        _fresh_idempotency_key(case, rng)
        EXTREME_CASES[case.id] = extremes
    return case


@schemathesis.check
def extreme_numbers_are_named(ctx, response, case):
    """A case carrying extreme numbers is never a 5xx, its 400 names each field, and no value beyond bounds is taken."""
    extremes = EXTREME_CASES.get(case.id)
    if extremes is None:
        return None
    status = response.status_code
    where = ", ".join(extremes.paths)
    if status >= 500 and ctx.config.get_by_name(name="not_a_server_error").enabled:
        raise AssertionError(f"Extreme numbers at {where} answered {status}")
    if status == 400:
        details = _details_of(response)
        if not details or not all(isinstance(detail, dict) and detail.get("path") for detail in details):
            raise AssertionError(f"Extreme numbers at {where}: the 400 names no field")
        named = {detail["path"] for detail in details}
        unnamed = [path for path in extremes.beyond_bounds if path not in named]
        if unnamed:
            raise AssertionError(f"Event values beyond the documented bounds at {', '.join(unnamed)} are not named")
    if 200 <= status < 300 and extremes.beyond_bounds:
        raise AssertionError(f"Event values beyond the documented bounds at {', '.join(extremes.beyond_bounds)} taken")
    return None


@schemathesis.hook
def filter_failure(context, failure, case, response):
    code = getattr(failure, "code", None)
    if code == "ST201" and case.id in EXTREME_CASES:
        return not _valid_as_read(case)
    if code != "ST202" or response.status_code != 400:
        return True
    details = _details_of(response)
    if details is None:
        return True
    return not details or not all(NUL_IN_KEY in str(detail.get("message", "")) for detail in details)


def _valid_as_read(case) -> bool:
    """Whether a case is valid once its numbers are read as JSON means them (-0.0 and 1e12 are integers).

    schemathesis' validator calls a float never an integer, so a -0.0 the hooks put in place of an integer makes the
    case look invalid, and the API's "accepted" a failure. Only the body and the query carry such numbers: when they
    are what makes the case invalid, and are valid with integral numbers read as integers, the case is valid.
    """
    meta = case.meta
    if meta is None:
        return False
    containers = {ParameterLocation.BODY: case.body, ParameterLocation.QUERY: dict(case.query or {})}
    invalid = [location for location, info in meta.components.items() if info.mode.is_negative]
    if not invalid or any(location not in containers for location in invalid):
        return False
    validator_cls = case.operation.schema.adapter.jsonschema_validator_cls
    return all(
        case._validate_component(location, _integral_as_int(containers[location]), validator_cls)
        for location in invalid
    )


def _integral_as_int(value):
    if isinstance(value, dict):
        return {key: _integral_as_int(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_integral_as_int(item) for item in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _fresh_idempotency_key(case, rng: random.Random) -> None:
    """A key of its own: the fuzzer reuses one for different bodies, and 422 idempotency_key_reused would answer
    before the values are read."""
    if case.headers and "Idempotency-Key" in case.headers:
        headers = case.headers.copy()
        headers["Idempotency-Key"] = f"fuzz-{rng.getrandbits(64):016x}"
        case.headers = headers


def _random_for(case) -> random.Random:
    """A generator seeded by the run's seed and the case as generated (hash() of text is salted per process)."""
    body = None if isinstance(case.body, NotSet) else case.body
    generated = [case.operation.label, case.path_parameters, case.query, body]
    text = json.dumps(generated, sort_keys=True, default=repr)
    return random.Random(hashlib.sha256(f"{SEED}\n{text}".encode()).digest())


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _extreme_value(rng: random.Random, original, *, text: bool = False):
    """An extreme value in place of `original`: sometimes numeric text, where the value is text on the wire (a query
    parameter), was text (a free-form property) or is new (an aimed event).

    In place of an integer, an integral extreme is written as one (1e12 as 1000000000000): JSON does not tell 1e12
    from 1000000000000, but schemathesis' validator calls a float never an integer, and would take the case for
    invalid. -0.0 stays: the filter below judges it as the API reads it.
    """
    if (text or original is None or isinstance(original, str)) and rng.randrange(3) == 0:
        return rng.choice(EXTREME_NUMERIC_STRINGS)
    value = rng.choice(EXTREME_NUMBERS)
    if isinstance(original, int) and isinstance(value, float) and value.is_integer() and value != 0:
        return int(value)
    return value


def _replace_numbers(container, path: str, rng: random.Random, extremes: Extremes, *, free_form: bool, text=False):
    """Puts extreme values in place of about half the numbers (and free-form property values) in `container`."""
    entries = container.items() if isinstance(container, dict) else enumerate(container)
    for key, value in list(entries):
        here = f"{path}.{key}"
        if isinstance(value, (dict, list)):
            _replace_numbers(value, here, rng, extremes, free_form=key == "properties", text=text)
        elif (_is_number(value) or (free_form and isinstance(value, str))) and rng.randrange(2) == 0:
            container[key] = _extreme_value(rng, value, text=text)
            extremes.paths.append(here)


def _count_events(body) -> int:
    """How many events a generated batch had (at most 20), so an aimed batch keeps its size."""
    events = body.get("events") if isinstance(body, dict) else None
    return max(1, min(len(events), 20)) if isinstance(events, list) else 1


def _aim_events(body: dict, batch: bool, count: int, rng: random.Random, extremes: Extremes) -> None:
    """Makes `body` an event (or a batch of `count`) of the metered subscription, each value extreme."""
    if batch:
        body["events"] = [_aim_event({}, f"body.events.{index}", rng, extremes) for index in range(count)]
    else:
        _aim_event(body, "body", rng, extremes)


def _aim_event(event: dict, path: str, rng: random.Random, extremes: Extremes) -> dict:
    metric = rng.choice(METERED["metrics"])
    value = _extreme_value(rng, None)
    field_path = f"{path}.properties.{metric['fieldName']}"
    # A transaction id of its own, so the event is stored (or refused) for its value, not replayed; no timestamp, so
    # it falls in the subscription's open period.
    event.update(
        transactionId=f"fuzz-{rng.getrandbits(64):016x}",
        subscriptionId=METERED["subscriptionId"],
        code=metric["code"],
        properties={metric["fieldName"]: value},
    )
    extremes.paths.append(field_path)
    if _beyond_unit_bounds(value):
        extremes.beyond_bounds.append(field_path)
    return event


def _beyond_unit_bounds(value) -> bool:
    """Whether an event value is outside what ingestion documents to take, as the API reads its JSON text."""
    text = value if isinstance(value, str) else json.dumps(value)
    if not DECIMAL_NOTATION.match(text):
        return True
    decimal = Decimal(text)
    if abs(decimal) > MAX_EVENT_VALUE:
        return True
    if decimal.is_zero():
        return False
    _sign, digits, exponent = decimal.normalize().as_tuple()
    return len(digits) > MAX_SIGNIFICANT_DIGITS or -exponent > MAX_EVENT_VALUE_DECIMALS


def _details_of(response):
    """The `details` of an error body; None when the body is not JSON."""
    try:
        return json.loads(response.content or b"{}").get("details") or []
    except (ValueError, AttributeError):
        return None
