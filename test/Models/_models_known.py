"""Model cases whose outcome is not `match`, each with its reason: test_model_corpus.py asserts exactly this outcome
(and that the error still says `says`), so it notices when one changes (fixed, or failing another way).

A silent mismatch listed here is a known bug, never an accepted outcome; not-exportable is torch's refusal.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Known:
    outcome: str  # compile-error, run-error, mismatch, not-exportable
    says: str  # a part of the recorded error line that names the cause
    reason: str  # why, in words


KNOWN: dict[str, Known] = {
    "hf:GPT2LMHeadModel(use_cache=True)": Known(
        "not-exportable", "DynamicCache'> in output, which is not a known type",
        "torch.export refuses the model: transformers 4.57 registers no pytree for the DynamicCache it returns"),
}
