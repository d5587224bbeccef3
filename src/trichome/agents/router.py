"""The offline router: a linear classifier trained on the team's labelled questions."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import FeatureUnion, Pipeline

from trichome.agents.registry import AGENTS, MAIN_AGENT
from trichome.knowledge.words import stem

EXAMPLES_PATH = Path(__file__).parent / "data" / "router_examples.jsonl"
_WORD = re.compile(r"[a-z0-9]+")
# Below this probability the router does not trust its pick and main_agent triages.
MIN_CONFIDENCE = 0.30
# A follow-up this short ("and in Colorado?") is routed together with the turn before it.
FOLLOW_UP_MAX_WORDS = 4


@dataclass(frozen=True, slots=True)
class LabelledExample:
    """A question and the agent that should answer it."""

    text: str
    agent: str
    split: str


@dataclass(frozen=True, slots=True)
class RouteDecision:
    """The router's pick and its confidence (the classifier's probability, 0 to 1)."""

    agent: str
    confidence: float
    # The second most likely agent, for a second opinion when the pick finds nothing.
    runner_up: str | None = None


def load_examples(path: Path = EXAMPLES_PATH) -> list[LabelledExample]:
    """The labelled questions shipped with the package.

    Raises:
        ValueError: a line is not a valid example.
    """
    examples = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("agent") not in AGENTS or row.get("split") not in ("train", "test"):
            raise ValueError(f"{path.name}:{number}: bad agent or split in {row!r}")
        examples.append(LabelledExample(str(row["text"]), row["agent"], row["split"]))
    return examples


def stemmed_words(text: str) -> str:
    """The text as lower-case Snowball stems, so 'labelling' and 'labels' count as one word."""
    return " ".join(stem(word) for word in _WORD.findall(text.lower()))


def _pipeline() -> Pipeline:
    # Chosen by 5-fold cross-validation on the training split only (never the held-out
    # part): stemmed word n-grams plus character n-grams, C=50.
    features = FeatureUnion(
        [
            (
                "words",
                TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, preprocessor=stemmed_words),
            ),
            (
                "chars",
                TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True),
            ),
        ]
    )
    classifier = LogisticRegression(C=50.0, max_iter=5000)
    return Pipeline([("features", features), ("classifier", classifier)])


class _CompiledFeatures:
    """One fitted TfidfVectorizer as plain look-ups: the same features, without sklearn's
    per-call validation, which costs milliseconds on a single short text."""

    def __init__(self, vectorizer: TfidfVectorizer, offset: int) -> None:
        self.analyze: Callable[[str], list[str]] = vectorizer.build_analyzer()
        self.vocabulary: dict[str, int] = {
            term: int(index) + offset for term, index in vectorizer.vocabulary_.items()
        }
        self.idf: NDArray[np.float64] = np.asarray(vectorizer.idf_, dtype=np.float64)
        self.offset = offset

    def add(self, text: str, indices: list[int], values: list[float]) -> None:
        counts = Counter(self.analyze(text))
        start = len(values)
        for term, count in counts.items():
            index = self.vocabulary.get(term)
            if index is not None:
                indices.append(index)
                values.append((1.0 + math.log(count)) * self.idf[index - self.offset])
        norm = math.sqrt(sum(v * v for v in values[start:]))
        if norm:
            for position in range(start, len(values)):
                values[position] /= norm


class Router:
    """Picks the agent for a message, with a confidence."""

    def __init__(self, pipeline: Pipeline) -> None:
        self._pipeline = pipeline
        classifier: LogisticRegression = pipeline.named_steps["classifier"]
        self._labels: list[str] = [str(label) for label in classifier.classes_]
        self._features: list[_CompiledFeatures] = []
        offset = 0
        for _, vectorizer in pipeline.named_steps["features"].transformer_list:
            self._features.append(_CompiledFeatures(vectorizer, offset))
            offset += len(vectorizer.vocabulary_)
        self._coefficients: NDArray[np.float64] = np.asarray(classifier.coef_, dtype=np.float64)
        self._intercepts: NDArray[np.float64] = np.asarray(classifier.intercept_, dtype=np.float64)

    @classmethod
    def train(cls, examples: Sequence[LabelledExample]) -> Router:
        """A router fitted on `examples` (all of them, whatever their split)."""
        pipeline = _pipeline()
        pipeline.fit([e.text for e in examples], [e.agent for e in examples])
        return cls(pipeline)

    @classmethod
    def from_packaged_data(cls) -> Router:
        """The router trained on the training split of the shipped examples (once per process)."""
        return _packaged_router()

    def probabilities(self, text: str) -> NDArray[np.float64]:
        """The classifier's probability for each label (the order of `labels`)."""
        indices: list[int] = []
        values: list[float] = []
        for features in self._features:
            features.add(text, indices, values)
        scores = self._intercepts.copy()
        if indices:
            scores += self._coefficients[:, indices] @ np.asarray(values)
        scores -= scores.max()
        exponentials = np.exp(scores)
        result: NDArray[np.float64] = exponentials / exponentials.sum()
        return result

    @property
    def labels(self) -> list[str]:
        """The agents the classifier knows, in the order of `probabilities`."""
        return list(self._labels)

    def route(self, text: str) -> RouteDecision:
        """The agent for `text`; main_agent when the text is empty or the pick is unsure."""
        if not text.strip():
            return RouteDecision(MAIN_AGENT, 1.0)
        probabilities = self.probabilities(text)
        second, best = (int(i) for i in probabilities.argsort()[-2:])
        confidence = float(probabilities[best])
        agent = self._labels[best] if confidence >= MIN_CONFIDENCE else MAIN_AGENT
        return RouteDecision(agent, round(confidence, 4), self._labels[second])

    def predict(self, texts: Sequence[str]) -> list[str]:
        """Labels for many texts (for evaluation)."""
        return [self._labels[int(self.probabilities(text).argmax())] for text in texts]

    def reference_probabilities(self, text: str) -> NDArray[np.float64]:
        """sklearn's own predict_proba, to check the compiled path against."""
        result: NDArray[np.float64] = self._pipeline.predict_proba([text])[0]
        return result


@cache
def _packaged_router() -> Router:
    return Router.train([e for e in load_examples() if e.split == "train"])


def routing_text(user_turns: Sequence[str]) -> str:
    """The text to route: the latest user turn, with the one before it for a short follow-up."""
    if not user_turns:
        return ""
    latest = user_turns[-1]
    if len(user_turns) > 1 and len(latest.split()) <= FOLLOW_UP_MAX_WORDS:
        return f"{user_turns[-2]}\n{latest}"
    return latest
