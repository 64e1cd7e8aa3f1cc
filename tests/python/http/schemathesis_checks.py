"""Checks for the schemathesis run (test_schemathesis.py), loaded through SCHEMATHESIS_HOOKS.

`not_a_server_error` fails on every 5xx. One 5xx is the documented answer to a valid request that takes too long:
a 504 `deadline_exceeded` for a request whose `Request-Timeout` asked for less time than the op took (the fuzzer
picks any value the document allows, and a debug build's 1,000-digit `cagr` needs more than 1.7 s on a loaded
machine), or for one of calc's exact computations past the worker's own deadline. This check is
`not_a_server_error` with that one exception; any other 5xx, or another op's 504 without a `Request-Timeout`, still
fails."""
import jsonschema
import schemathesis
from schemathesis.core.failures import AcceptedNegativeData, ServerError
from schemathesis.core.parameters import ParameterLocation
from schemathesis.openapi.checks import MissingHeaderNotRejected, RejectedPositiveData
from schemathesis.specs.openapi.checks import (missing_required_header, negative_data_rejection,
                                               positive_data_acceptance)


@schemathesis.check
def not_a_server_error_but_a_deadline_asked_for(ctx, response, case):
    status = response.status_code
    if status < 500:
        return None
    asked = (case.headers or {}).get("Request-Timeout") is not None
    # calc's ops are pure and exact: a debug build on a loaded machine takes over the worker's 4 s for a valid
    # `compoundInterest` of 91 years (CI, 2026-11-29), and answers 504 as documented.
    exact = case.operation.path.startswith("/v1/calc/")
    if status == 504 and (asked or exact) and _code(response) == "deadline_exceeded":
        return None
    raise ServerError(operation=case.operation.label, status_code=status)


def _code(response):
    try:
        return response.json().get("code")
    except ValueError:
        return None


@schemathesis.check
def negative_data_rejection_but_unknown_headers_ignored(ctx, response, case):
    """`negative_data_rejection`, except for a request whose one flaw is a header the document does not name:
    RFC 9110 (section 5.1) has a recipient ignore header fields it does not know, so the bridge does."""
    try:
        return negative_data_rejection(ctx, response, case)
    except AcceptedNegativeData:
        if _only_an_unknown_header(case):
            return None
        raise


def _only_an_unknown_header(case):
    meta = case.meta
    data = meta.phase.data if meta else None
    description = (getattr(data, "description", None) or "").lower()
    return (getattr(data, "parameter_location", None) == ParameterLocation.HEADER
            and description.startswith("object with unexpected properties")
            and not any(meta.is_negative_at(location) for location in
                        (ParameterLocation.BODY, ParameterLocation.QUERY, ParameterLocation.PATH)))


@schemathesis.check
def positive_data_acceptance_of_valid_requests(ctx, response, case):
    """`positive_data_acceptance`, less what the document itself says a valid request may be refused for:
    - a refusal the operation lists in `x-refusals` (a rule no schema can state: an expression's grammar, an id that
      must exist, a bound across two fields), with that code, naming that field or one under it;
    - 422 `conflict` on `idempotencyKey`: the key was used before with other arguments (the 422 response says so);
    - and a request that is not valid after all: schemathesis 4.32's coverage phase sends `If-Match: 0` as valid
      data when a header's pattern holds a `"` (an entity tag's is `^(W/)?"[1-9][0-9]{0,17}"$`)."""
    try:
        return positive_data_acceptance(ctx, response, case)
    except RejectedPositiveData:
        if _a_header_its_schema_refuses(case) or _a_documented_refusal(case, response):
            return None
        raise


@schemathesis.check
def missing_required_header_of_valid_requests(ctx, response, case):
    """`missing_required_header` (401 without `Authorization`), for requests that are otherwise valid: the same
    `If-Match: 0` is refused first, with 400, before the bridge looks for a token."""
    try:
        return missing_required_header(ctx, response, case)
    except MissingHeaderNotRejected:
        if _a_header_its_schema_refuses(case):
            return None
        raise


def _a_documented_refusal(case, response):
    try:
        problem = response.json()
    except ValueError:
        return False
    code, field = problem.get("code"), problem.get("field") or ""
    if response.status_code == 422 and (code, field) == ("conflict", "idempotencyKey"):
        return True
    refusals = case.operation.definition.raw.get("x-refusals", [])
    return any(code == refusal["code"] and (field == refusal["field"] or field.startswith(refusal["field"] + ".")
                                             or field.startswith(refusal["field"] + "["))
               for refusal in refusals)


def _a_header_its_schema_refuses(case):
    container = case.operation.get_parameter_set(ParameterLocation.HEADER)
    declared = {name.lower(): schema for name, schema in
                ((container.schema.get("properties") if container else None) or {}).items()}
    for name, value in (case.headers or {}).items():
        schema = declared.get(name.lower())
        if schema is not None and not jsonschema.Draft202012Validator(schema).is_valid(value):
            return True
    return False
