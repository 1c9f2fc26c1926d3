"""Independent vectors for installments.test.ts, computed with Python's decimal.

Run: python3 src/card/installments.vectors.py > src/card/installments.vectors.json
Each option is [count, installment, firstInstallment, total, interestFree].
The test reruns this script (when python3 is present) and compares its output
with the committed JSON. The formula is written the textbook way,
amount * i / (1 - (1 + i) ** -n), at 100 significant digits, and rounded
half-up to the centavo; nothing here is shared with the TypeScript code.
"""

import json
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal, localcontext

RATES = ["0", "0.5", "1", "1.99", "2.49", "9.99", "12", "0.0001", "50"]
AMOUNTS = [1, 7, 99, 500, 1000, 15990, 29999, 100000, 123457, 9999999, 250000000, 1000000000000]
CONFIGS = [
    # (maxInstallments, interestFree, minInstallment)
    (1, 1, 0),
    (12, 1, 0),
    (12, 3, 500),
    (24, 6, 0),
    (24, 24, 100),
    (18, 10, 1000),
]


def options(amount, max_installments, interest_free, rate, min_installment):
    i = Decimal(rate) / 100
    out = []
    for n in range(1, max_installments + 1):
        if n <= interest_free or i == 0:
            installment = int((Decimal(amount) / n).to_integral_value(rounding=ROUND_FLOOR))
            first = amount - installment * (n - 1)
            if n > 1 and (installment < 1 or installment < min_installment):
                continue
            out.append([n, installment, first, amount, True])
        else:
            exact = Decimal(amount) * i / (1 - (1 + i) ** -n)
            installment = int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))
            if installment < 1 or installment < min_installment:
                continue
            out.append([n, installment, installment, installment * n, False])
    return out


def main():
    vectors = []
    with localcontext() as ctx:
        ctx.prec = 100
        for rate in RATES:
            for amount in AMOUNTS:
                for max_installments, interest_free, min_installment in CONFIGS:
                    config = {"amount": amount, "maxInstallments": max_installments,
                              "interestFree": interest_free, "monthlyRate": rate,
                              "minInstallment": min_installment}
                    vectors.append({"config": config,
                                    "options": options(amount, max_installments, interest_free, rate, min_installment)})
    # One vector a line; each option is [count, installment, firstInstallment, total, interestFree].
    print("[\n" + ",\n".join(json.dumps(v, separators=(",", ":")) for v in vectors) + "\n]")


if __name__ == "__main__":
    main()
