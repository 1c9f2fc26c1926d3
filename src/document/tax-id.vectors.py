"""Independent vectors for tax-id.test.ts: CPFs and CNPJs (numeric and
alphanumeric), valid and one character changed, computed here from the
Receita Federal's rules with nothing shared with the TypeScript code.

Run: python3 src/document/tax-id.vectors.py > src/document/tax-id.vectors.json
The test reruns this script (when python3 is present) and compares its output
with the committed JSON. Each vector is [input, kind or null, normalized value or null].
"""

import json

ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Lcg:
    """A fixed pseudo-random sequence, so the output never depends on Python's version."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (self.state >> 33) % n


def dv(weighted_sum):
    r = weighted_sum % 11
    return 0 if r < 2 else 11 - r


def cpf_digits(base):
    d1 = dv(sum(int(c) * w for c, w in zip(base, range(10, 1, -1))))
    d2 = dv(sum(int(c) * w for c, w in zip(base + str(d1), range(11, 1, -1))))
    return f"{d1}{d2}"


def cnpj_digits(base):
    w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    w2 = [6] + w1
    d1 = dv(sum((ord(c) - 48) * w for c, w in zip(base, w1)))
    d2 = dv(sum((ord(c) - 48) * w for c, w in zip(base + str(d1), w2)))
    return f"{d1}{d2}"


def classify(value):
    if len(set(value)) == 1:
        return None
    if len(value) == 11 and value.isdigit():
        return "cpf" if cpf_digits(value[:9]) == value[9:] else None
    if len(value) == 14 and all(c in ALNUM for c in value[:12]) and value[12:].isdigit():
        return "cnpj" if cnpj_digits(value[:12]) == value[12:] else None
    return None


def formatted_cpf(v):
    return f"{v[:3]}.{v[3:6]}.{v[6:9]}-{v[9:]}"


def formatted_cnpj(v):
    return f"{v[:2]}.{v[2:5]}.{v[5:8]}/{v[8:12]}-{v[12:]}"


def main():
    rng = Lcg(2026)
    vectors = []

    def add(raw, value):
        kind = classify(value)
        vectors.append([raw, kind, value if kind else None])

    for n in range(150):
        base = "".join(str(rng.below(10)) for _ in range(9))
        value = base + cpf_digits(base)
        add(value, value)
        add(formatted_cpf(value), value)
        pos = rng.below(11)
        changed = value[:pos] + str((int(value[pos]) + 1 + rng.below(9)) % 10) + value[pos + 1:]
        add(changed, changed)
    for n in range(150):
        numeric = n % 3 == 0
        pool = "0123456789" if numeric else ALNUM
        base = "".join(pool[rng.below(len(pool))] for _ in range(12))
        value = base + cnpj_digits(base)
        add(value, value)
        add(formatted_cnpj(value), value)
        add(formatted_cnpj(value).lower(), value)
        pos = rng.below(12)
        changed = value[:pos] + ALNUM[(ALNUM.index(value[pos]) + 1 + rng.below(35)) % 36] + value[pos + 1:]
        add(changed, changed)
    for c in "0123456789":
        add(c * 11, c * 11)
        add(c * 14, c * 14)
    print("[\n" + ",\n".join(json.dumps(v, separators=(",", ":")) for v in vectors) + "\n]")


if __name__ == "__main__":
    main()
