"""The offline router: a linear classifier trained on the team's labelled questions."""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import json
import math
import os
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from trichome.agents.registry import AGENTS, MAIN_AGENT
from trichome.agents.subject_swaps import with_subject_swapped
from trichome.knowledge.words import stem

if TYPE_CHECKING:  # sklearn costs seconds to import: only a process that fits a router does
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.pipeline import Pipeline

EXAMPLES_PATH = Path(__file__).parent / "data" / "router_examples.jsonl"
# Every `router_examples*.jsonl` beside it is read too, in name order, so a pass of lines
# written for one purpose may keep its own file.
EXAMPLES_PATHS = tuple(sorted(EXAMPLES_PATH.parent.glob("router_examples*.jsonl")))
_WORD = re.compile(r"[a-z0-9]+")
# Below this probability the router does not trust its pick and main_agent triages.
MIN_CONFIDENCE = 0.30
# A follow-up this short ("and in Colorado?") is routed together with the turn before it.
FOLLOW_UP_MAX_WORDS = 4
# Below this probability a later turn read alone is read again with the turn before it.
UNSURE_ALONE = 0.45


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


def load_examples(path: Path | None = None) -> list[LabelledExample]:
    """The labelled questions in `path`, or all those shipped with the package.

    Raises:
        ValueError: a line is not a valid example.
    """
    examples = []
    for source in (path,) if path is not None else EXAMPLES_PATHS:
        lines = source.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("agent") not in AGENTS or row.get("split") not in ("train", "test"):
                raise ValueError(f"{source.name}:{number}: bad agent or split in {row!r}")
            examples.append(LabelledExample(str(row["text"]), row["agent"], row["split"]))
    return examples


def stemmed_words(text: str) -> str:
    """The text as lower-case Snowball stems, so 'labelling' and 'labels' count as one word."""
    return " ".join(stem(word) for word in _WORD.findall(text.lower()))


def _pipeline() -> Pipeline:
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import FeatureUnion, Pipeline

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


_TOKEN = re.compile(r"(?u)\b\w\w+\b")
_SPACES = re.compile(r"\s\s+")


def word_grams(text: str) -> list[str]:
    """The terms `_pipeline`'s word vectorizer sees in `text` (its analyzer, written out so
    a process reading a fitted router needs no sklearn): stemmed words and word pairs."""
    tokens = _TOKEN.findall(stemmed_words(text))
    return tokens + [" ".join(tokens[i : i + 2]) for i in range(len(tokens) - 1)]


def char_word_grams(text: str) -> list[str]:
    """The terms `_pipeline`'s character vectorizer sees (sklearn's `char_wb`, 2 to 5):
    character runs inside each space-padded word; a word shorter than a run gives it once."""
    grams: list[str] = []
    for word in _SPACES.sub(" ", text.lower()).split():
        padded = f" {word} "
        for size in range(2, 6):
            offset = 0
            grams.append(padded[offset : offset + size])
            while offset + size < len(padded):
                offset += 1
                grams.append(padded[offset : offset + size])
            if offset == 0:
                break
    return grams


class _CompiledFeatures:
    """One fitted TfidfVectorizer as plain look-ups: the same features, without sklearn's
    per-call validation, which costs milliseconds on a single short text."""

    def __init__(
        self,
        analyze: Callable[[str], list[str]],
        vocabulary: dict[str, int],
        idf: NDArray[np.float64],
        offset: int,
    ) -> None:
        self.analyze = analyze
        self.vocabulary = vocabulary  # term -> column, offset included
        self.idf = idf
        self.offset = offset

    @classmethod
    def fitted(cls, vectorizer: TfidfVectorizer, offset: int) -> _CompiledFeatures:
        vocabulary = {term: int(index) + offset for term, index in vectorizer.vocabulary_.items()}
        idf = np.asarray(vectorizer.idf_, dtype=np.float64)
        return cls(vectorizer.build_analyzer(), vocabulary, idf, offset)

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

    def __init__(
        self,
        labels: list[str],
        features: list[_CompiledFeatures],
        coefficients: NDArray[np.float64],
        intercepts: NDArray[np.float64],
        pipeline: Pipeline | None = None,
    ) -> None:
        self._labels = labels
        self._features = features
        self._coefficients = coefficients
        self._intercepts = intercepts
        self._pipeline = pipeline  # the fitted sklearn pipeline, when trained here

    @classmethod
    def train(cls, examples: Sequence[LabelledExample]) -> Router:
        """A router fitted on `examples` (all of them, whatever their split)."""
        pipeline = _pipeline()
        pipeline.fit([e.text for e in examples], [e.agent for e in examples])
        classifier = pipeline.named_steps["classifier"]
        features: list[_CompiledFeatures] = []
        offset = 0
        for _, vectorizer in pipeline.named_steps["features"].transformer_list:
            features.append(_CompiledFeatures.fitted(vectorizer, offset))
            offset += len(vectorizer.vocabulary_)
        return cls(
            [str(label) for label in classifier.classes_],
            features,
            np.asarray(classifier.coef_, dtype=np.float64),
            np.asarray(classifier.intercept_, dtype=np.float64),
            pipeline,
        )

    def save(self, path: Path) -> None:
        """Write the fitted router (numbers and vocabularies only, no pickled objects),
        atomically: workers starting together never read half a file."""
        arrays: dict[str, NDArray[Any]] = {
            "labels": np.asarray(self._labels, dtype=np.str_),
            "coefficients": self._coefficients,
            "intercepts": self._intercepts,
        }
        for number, features in enumerate(self._features):
            terms = sorted(features.vocabulary, key=features.vocabulary.__getitem__)
            arrays[f"terms_{number}"] = np.asarray(terms, dtype=np.str_)
            arrays[f"idf_{number}"] = features.idf
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npz", delete=False) as file:
            np.savez(file, allow_pickle=False, **arrays)
        os.replace(file.name, path)

    @classmethod
    def load(cls, path: Path) -> Router:
        """A router written by `save`.

        Raises:
            OSError, ValueError, KeyError: the file is missing, unreadable or not a router.
        """
        # Opened here, so a damaged file is closed too (np.load leaks its own handle when
        # the zip is unreadable).
        with path.open("rb") as file, np.load(file, allow_pickle=False) as data:
            analyzers = [word_grams, char_word_grams]
            features: list[_CompiledFeatures] = []
            offset = 0
            for number, analyze in enumerate(analyzers):
                terms = [str(term) for term in data[f"terms_{number}"]]
                vocabulary = {term: offset + index for index, term in enumerate(terms)}
                idf = np.asarray(data[f"idf_{number}"], dtype=np.float64)
                features.append(_CompiledFeatures(analyze, vocabulary, idf, offset))
                offset += len(terms)
            coefficients = np.asarray(data["coefficients"], dtype=np.float64)
            if coefficients.shape[1] != offset:
                raise ValueError(f"{path}: {coefficients.shape[1]} weights for {offset} terms")
            labels = [str(label) for label in data["labels"]]
            intercepts = np.asarray(data["intercepts"], dtype=np.float64)
        return cls(labels, features, coefficients, intercepts)

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

    def route_conversation(self, user_turns: Sequence[str]) -> RouteDecision:
        """The agent for the latest turn (`routing_text`); a turn routed alone whose words
        lean nowhere ("anything that has to be in the ad itself?") is routed with the turn
        before it when that reads surer, as a follow-up on the same subject."""
        text = routing_text(user_turns)
        decision = self.route(text)
        if (
            decision.confidence >= UNSURE_ALONE
            or len(user_turns) < 2
            or text != user_turns[-1]  # already read with the turn before, or cut
            or _NEW_SUBJECT.search(user_turns[-1])
        ):
            return decision
        together = self.route(f"{user_turns[-2]}\n{user_turns[-1]}")
        return together if together.confidence > decision.confidence else decision

    def predict(self, texts: Sequence[str]) -> list[str]:
        """Labels for many texts (for evaluation)."""
        return [self._labels[int(self.probabilities(text).argmax())] for text in texts]

    def reference_probabilities(self, text: str) -> NDArray[np.float64]:
        """sklearn's own predict_proba, to check the compiled path against (a router
        trained in this process only).

        Raises:
            RuntimeError: the router was loaded from a file.
        """
        if self._pipeline is None:
            raise RuntimeError("a router loaded from a file has no sklearn pipeline")
        result: NDArray[np.float64] = self._pipeline.predict_proba([text])[0]
        return result


# Bump when what `save` writes changes.
_CACHE_FORMAT = "1"


def _cache_path() -> Path:
    """Where the fitted router is kept between processes: the user's cache directory, under
    a name that changes with the examples, the model's definition and the libraries."""
    fingerprint = hashlib.sha256()
    for part in (
        *(path.read_bytes() for path in EXAMPLES_PATHS),
        inspect.getsource(_pipeline).encode(),
        inspect.getsource(stemmed_words).encode(),
        inspect.getsource(word_grams).encode(),
        inspect.getsource(char_word_grams).encode(),
        version("scikit-learn").encode(),
        np.__version__.encode(),
        _CACHE_FORMAT.encode(),
    ):
        fingerprint.update(part)
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "trichome" / f"router-{fingerprint.hexdigest()[:20]}.npz"


@cache
def _packaged_router() -> Router:
    """The router on the shipped examples: fitted once per machine (seconds of CPU), then
    read back by every process that starts (a fraction of a second)."""
    path = _cache_path()
    try:
        return Router.load(path)
    except Exception:  # none yet, another version's, or damaged (a truncated zip): fit it
        pass
    router = Router.train([e for e in load_examples() if e.split == "train"])
    with contextlib.suppress(OSError):  # a read-only home: fit again next time
        router.save(path)
    return router


# A turn that goes on from the one before: "and if the next batch comes back at 117?",
# "ok now add 5% overage", "what if we switch to propane?", "at the same temp".
_GOES_ON = re.compile(
    r"^\W*(?:and|ok(?:ay)?|so|now|also|plus|then|but|what if|what about|how about|same)\b|"
    r"\b(?:the same|that same|that (?:limit|number|rule|one|batch)|did that|does that)\b",
    re.IGNORECASE,
)
# "unrelated, but ...", "ok fine, serious q: ...": a new subject, routed on its own.
_NEW_SUBJECT = re.compile(
    r"\b(?:unrelated|different|separate|new|another|random|serious|switching gears|"
    r"changing the subject)"
    r"\b(?: (?:q|question|topic|thing))?\b(?:,| but| -|:)",
    re.IGNORECASE,
)


def question_text(user_turns: Sequence[str]) -> str:
    """The question answered: the latest user turn, with the one before it for a short
    follow-up ("and in Colorado?")."""
    if not user_turns:
        return ""
    latest = user_turns[-1]
    if len(user_turns) > 1 and len(latest.split()) <= FOLLOW_UP_MAX_WORDS:
        # "and limonene?" after myrcene's boiling point asks that question of limonene
        swapped = with_subject_swapped(question_text(user_turns[:-1]), latest)
        return swapped or f"{user_turns[-2]}\n{latest}"
    return latest


def routing_text(user_turns: Sequence[str]) -> str:
    """The text to route: the question, with the turn before it for any follow-up that goes
    on from it ("ok now add 5% overage"), unless the turn says it changes the subject: then
    only what follows that ("ok fine, serious q: whats the propane idlh"), whose words are
    the question's and not the chat's that led to it."""
    shift = _NEW_SUBJECT.search(user_turns[-1]) if user_turns else None
    if shift is not None and len(user_turns[-1][shift.end() :].split()) >= 3:
        return user_turns[-1][shift.end() :].strip()
    if len(user_turns) < 2 or shift is not None:
        return question_text(user_turns[-1:])
    if _GOES_ON.search(user_turns[-1]):
        return f"{user_turns[-2]}\n{user_turns[-1]}"
    return question_text(user_turns)
