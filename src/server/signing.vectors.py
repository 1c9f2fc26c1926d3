"""Independent vectors for the signing tests, computed with Python's hashlib and hmac.

Run: python3 src/server/signing.vectors.py > src/server/signing.vectors.json
They are the vectors of docs/signing.md. signing.test.ts and the runtime
suite (test/runtimes/) read the JSON; the test reruns this script (when python3
is present) and compares its output with the committed JSON. The canonical
string is built here from the prose of docs/signing.md; nothing is shared
with the TypeScript code.
"""

import hashlib
import hmac
import json

SECRET = "sec_test_vector_0001"
CLIENT_ID = "cli_test_vector"
TIMESTAMP = 1767225600000  # 2026-01-01T00:00:00Z

INPUTS = [
    {
        "name": "vector 1: no target",
        "method": "POST",
        "path": "/v3/transfers/status/check",
        "body": '{"txn_id":"txn_0001"}',
        "nonce": "000102030405060708090a0b0c0d0e0f",
        "target": None,
    },
    {
        "name": "vector 2: target pair, ISPB with spaces (trimmed)",
        "method": "POST",
        "path": "/v3/refunds/pix",
        "body": '{"original_settlement_id":"stl_0001","merchant_order_id":"260101ORDER0001","amount":"12.50"}',
        "nonce": "0f0e0d0c0b0a09080706050403020100",
        "target": {"ispb": " 12345678 ", "accountNumber": "0001234567"},
    },
    {
        "name": "vector 3: query string and non-ASCII body (UTF-8 bytes)",
        "method": "post",
        "path": "/v3/med/list?page=2",
        "body": '{"memo":"P\u00e3o de queijo"}',
        "nonce": "nonce-vector-0003",
        "target": None,
    },
]


def vector(given):
    content_hash = hashlib.sha256(given["body"].encode("utf-8")).hexdigest()
    target = given["target"]
    canonical = "\n".join(
        [
            given["method"].upper(),
            given["path"],
            CLIENT_ID,
            str(TIMESTAMP),
            given["nonce"],
            content_hash,
            target["ispb"].strip() if target else "",
            target["accountNumber"].strip() if target else "",
        ]
    )
    signature = hmac.new(SECRET.encode("utf-8"), canonical.encode("utf-8"), hashlib.sha256).hexdigest()
    return {"input": given, "contentHash": content_hash, "canonical": canonical, "signature": signature}


print(
    json.dumps(
        {"secret": SECRET, "clientId": CLIENT_ID, "timestamp": TIMESTAMP, "vectors": [vector(v) for v in INPUTS]},
        indent=2,
        ensure_ascii=False,
    )
)
