"""bench/answers: every question file follows the format, and answers are graded as the
team's format note says."""

from pathlib import Path

import pytest
from bench.answers.cli import _abstained, _misrouted
from bench.answers.grading import ABSTAINED, CORRECT, WRONG, Answer, grade
from bench.answers.questions import Question, QuestionFileError, load_questions
from bench.answers.running import Run


def _question(expect: str = "answer", **fields: object) -> Question:
    values: dict[str, object] = {
        "id": "q",
        "file": "test.toml",
        "turns": ("how much thc can one gummy have in colorado?",),
        "agent": "compliance",
        "also_ok": (),
        "expect": expect,
        "must_include": ("10 mg|ten milligrams",) if expect == "answer" else (),
        "must_not_include": ("100 mg",) if expect == "answer" else (),
        "source": "https://example.test/rule",
    }
    values.update(fields)
    return Question(**values)  # type: ignore[arg-type]


def test_every_question_file_follows_the_format() -> None:
    questions = load_questions()
    assert questions, "bench/answers/questions holds no questions"
    assert len({q.id for q in questions}) == len(questions)


def test_a_malformed_file_is_refused_with_its_name_and_id(tmp_path: Path) -> None:
    good = 'id = "a"\nturns = ["hi"]\nexpect = "abstain"\nsource = "s"\n'
    (tmp_path / "one.toml").write_text(f'[[questions]]\n{good}agent = "main"\n')
    (tmp_path / "two.toml").write_text(f'[[questions]]\n{good}agent = "lawyer"\n')
    with pytest.raises(QuestionFileError, match=r"two.toml 'a'.*unknown agent 'lawyer'"):
        load_questions(tmp_path)
    (tmp_path / "two.toml").write_text(f'[[questions]]\n{good}agent = "compliance"\n')
    with pytest.raises(QuestionFileError, match="id 'a' repeats"):
        load_questions(tmp_path)


def test_a_right_answer_is_correct_whatever_its_spacing_and_units() -> None:
    answer = Answer(
        "Colorado: each serving holds at most 10\u00a0milligrams of THC [1].", False, True
    )
    assert grade(_question(), answer).verdict == CORRECT


def test_an_abstention_is_right_only_where_one_is_expected() -> None:
    abstention = Answer(
        "My knowledge packs don't cover that question, so I won't guess.", True, False
    )
    assert grade(_question("abstain"), abstention).verdict == CORRECT
    assert grade(_question(), abstention).verdict == ABSTAINED


def test_a_wrong_fact_with_sources_is_wrong_with_citation() -> None:
    wrong = grade(_question(), Answer("A package may hold 100 mg of THC [1].", False, True))
    assert wrong.verdict == WRONG and wrong.wrong_with_citation
    assert wrong.missing == ("10 mg|ten milligrams",) and wrong.forbidden == ("100 mg",)
    answered = grade(_question("abstain"), Answer("Each serving: 10 mg [1].", False, True))
    assert answered.verdict == WRONG and answered.wrong_with_citation


def test_small_talk_is_right_when_no_fact_is_presented_as_the_answer() -> None:
    greeting = Answer("Hi! I answer questions about the cannabis trade.", True, False, True)
    assert grade(_question("reply"), greeting).verdict == CORRECT
    unrelated = grade(_question("reply"), Answer("Colorado: 10 mg per serving [1].", False, True))
    assert unrelated.verdict == WRONG and unrelated.wrong_with_citation


def test_a_draft_request_declined_is_abstained_not_correct() -> None:
    declined = Answer(
        "My knowledge packs don't cover that question, so I won't guess.", True, False
    )
    assert grade(_question("reply"), declined).verdict == ABSTAINED


def test_a_filled_sop_is_a_right_reply_though_it_cites_its_rules() -> None:
    sop = Answer("Transport SOP for New Jersey ... [1]", False, True, draft=True)
    assert grade(_question("reply"), sop).verdict == CORRECT
    assert grade(_question("abstain"), sop).verdict == WRONG


def test_percent_in_words_matches_the_sign() -> None:
    question = _question(must_include=("1.0%|1%",))
    answer = Answer("Below 1.0 percent total THC it is not negligence [1].", False, True)
    assert grade(question, answer).verdict == CORRECT


def test_a_range_with_its_unit_written_once_gives_both_ends_the_unit() -> None:
    question = _question(must_include=("80%", "120%"))
    answer = Answer("Labels of 2 mg up to 5 mg get a 80-120% window [1].", False, True)
    assert grade(question, answer).verdict == CORRECT
    spaced = Answer("Between 80 \u2013 120 % of the label [1].", False, True)
    assert grade(question, spaced).verdict == CORRECT
    in_mg = _question(must_include=("85 mg",))
    assert grade(in_mg, Answer("85 to 115 mg passes [1].", False, True)).verdict == CORRECT
    # a year range or a figure without a unit gains none
    assert grade(in_mg, Answer("From 85-115 in 2020-2025 [1].", False, True)).verdict == WRONG


def test_a_hyphen_between_words_matches_a_space() -> None:
    question = _question(must_include=("80 ten milligram",))
    answer = Answer("8 g of concentrate or 80 ten-milligram servings [1].", False, True)
    assert grade(question, answer).verdict == CORRECT
    assert grade(question, Answer("80 milligrams in all [1].", False, True)).verdict == WRONG


def test_the_jurisdiction_sweep_sorts_answers_by_whose_facts_they_cite() -> None:
    from bench.coverage.cli import ANSWERED, FOREIGN, NAMED_REGULATOR, NO_REGULATOR, outcome

    from trichome.knowledge.directory import load_directory

    ontario = load_directory().get("CA-ON")
    assert ontario is not None
    regulator = ontario.regulators[0].name
    assert outcome(ontario, ["CA-ON", "CAN"], "Ontario: 19 or older.") == ANSWERED
    assert outcome(ontario, ["MI"], "Michigan: 21 or older.") == FOREIGN
    refusal = f"My knowledge packs hold no sourced rule, so I won't guess. Ask {regulator}."
    assert outcome(ontario, [], refusal) == NAMED_REGULATOR
    assert outcome(ontario, [], "I won't guess.") == NO_REGULATOR


def test_the_sweep_asks_again_with_the_place_as_people_type_it() -> None:
    from bench.coverage.cli import ASKED_WHERE, FOREIGN, short_form, short_outcome

    from trichome.knowledge.directory import load_directory

    template = "can i grow cannabis at home in {place}? how many plants?"
    assert short_form("PR", template) == "pr - can i grow cannabis at home here? how many plants?"
    assert short_form("CA-QC", "which lab tests does {place} require?") == (
        "qc - which lab tests does the state require?"
    )
    assert short_form("US", template) is None  # federal law has no place to head a message
    puerto_rico = load_directory().get("PR")
    assert puerto_rico is not None
    # Colorado's rule given for Puerto Rico is the failure; saying no place was read is not.
    assert short_outcome(puerto_rico, ["CO"], "Colorado: delivery needs a permit.") == FOREIGN
    which = "That rule depends on the state or province, and your question does not name one."
    assert short_outcome(puerto_rico, [], which) == ASKED_WHERE


def test_a_question_about_federal_law_alone_is_refused_with_the_federal_regulators() -> None:
    from bench.answers.running import offline_service

    from trichome.agents.service import ChatRequest
    from trichome.llm.base import ChatTurn
    from trichome.plans import OPERATOR_AGENT

    service = offline_service()
    turn = ChatTurn("user", "can a town in the US under federal law ban cannabis stores?")
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (turn,)))
    assert prepared.request.gap is not None
    assert any(
        "Drug Enforcement Administration" in line for line in prepared.request.gap.where_to_ask
    )


def test_the_lists_name_each_misrouted_question_and_each_abstention(
    capsys: pytest.CaptureFixture[str],
) -> None:
    abstention = Answer("My knowledge packs don't cover that question.", True, False)
    right = Answer("Colorado: at most 10 mg of THC per serving [1].", False, True)
    rows = [
        (run := Run(_question(id="sent-astray"), "marketing", abstention, (1.0,)),
         grade(run.question, abstention)),
        (run := Run(_question(id="fine"), "compliance", right, (1.0,)),
         grade(run.question, right)),
    ]  # fmt: skip
    _misrouted(rows)
    _abstained(rows)
    printed = capsys.readouterr().out
    assert "[test.toml sent-astray] compliance -> marketing" in printed
    assert "[test.toml sent-astray] agent marketing" in printed
    assert "fine" not in printed
