"""Answers are prepared in worker threads, many at once: the same questions prepared by
eight threads together route, retrieve and calculate exactly as one thread does."""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor

from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.knowledge import words
from trichome.llm.base import ChatTurn
from trichome.plans import PUBLIC_MODELS

QUESTIONS = [
    "What is the decarboxylation factor for THCA?",
    "I have 500 mg THCA, how much THC after decarb?",
    "What are the packaging and labeling requirements for edibles in Michigan?",
    "How should we document waste disposal for trim in Colorado?",
    "Write an SOP for receiving a transfer manifest",
    "Instagram advertising rules for dispensaries in California",
    "Dilute 30 ml of 1000 mg/ml distillate down to 250 mg/ml, how much carrier?",
    "What humidity should a drying room hold for flower?",
]


def prepared(service: AgentService, question: str) -> tuple[str, tuple[str, ...], str]:
    chat = ChatRequest(PUBLIC_MODELS["operator-agent"], (ChatTurn("user", question),))
    answer = service.prepare(chat)
    passages = tuple(passage.fact.id for passage in answer.request.passages)
    calculation = answer.request.calculation
    return answer.agent.name, passages, repr(calculation)


def test_eight_threads_prepare_what_one_thread_prepares() -> None:
    service = build_agent_service(Settings())
    expected = {question: prepared(service, question) for question in QUESTIONS}
    words.stem.cache_clear()  # every thread stems afresh, as after a restart
    work = QUESTIONS * 25
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda question: prepared(service, question), work))
    assert results == [expected[question] for question in work]


def test_threads_stemming_at_once_each_get_their_own_words_stems() -> None:
    packs = build_agent_service(Settings()).knowledge.packs.values()
    text = " ".join(fact.text.lower() for pack in packs for fact in pack.facts)
    vocabulary = sorted({word for word in text.split() if word.isalpha()})
    expected = [words.stem.__wrapped__(word) for word in vocabulary]
    switching = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: races show at once
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            runs = list(
                pool.map(lambda _: [words.stem.__wrapped__(w) for w in vocabulary], range(8))
            )
    finally:
        sys.setswitchinterval(switching)
    assert all(run == expected for run in runs)
