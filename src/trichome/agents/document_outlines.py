"""The classes of document the agents draft on request that are not standard operating
procedures (a caption, an email, a quiz, a form, a plan, a template), each with the words
that name it and the outline the offline engine fills in. The first class whose words a
request names is the one drafted, so narrower classes come before broader ones.
"""

from __future__ import annotations

# Each document class: the words that name it, and its outline (one line a part).
DOCUMENT_CLASSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "press release",
        r"press release|media release|news release",
        (
            "Headline: [what is new, in under ten words]",
            "Dateline: [city, state, date]",
            "Lead paragraph: [who, what, when, where, in two sentences]",
            "Quote: [one line from the owner or manager]",
            "Details: [opening hours, address, what visitors can expect]",
            "About us: [two sentences on the business and its licence]",
            "Media contact: [name, email, phone]",
        ),
    ),
    (
        "job post",
        r"job (?:post(?:ing)?|listing|ad|description)|hiring post|help wanted|"
        r"(?:post(?:ing)?|listing|ad) for (?:an? )?(?:[\w-]+ ){0,3}(?:budtenders?|drivers?|"
        r"managers?|techs?|technicians?|trimmers?|guards?|leads?|associates?|cashiers?|"
        r"growers?|positions?|roles?)",
        (
            "Job title: [role, part time or full time]",
            "About us: [one or two sentences on the store and its team]",
            "What you'll do: [three to five duties]",
            "Schedule: [days and hours]",
            "Requirements: [minimum age, experience, any permit or badge the state requires]",
            "Nice to have: [skills that help]",
            "How to apply: [where to send a resume, by when]",
        ),
    ),
    (
        "training outline",
        r"training (?:outline|plan|session|module|deck|agenda|handout)s?|lesson plans?|"
        r"onboarding (?:outline|plan|session)s?",
        (
            "Goal: [what the trainees can do by the end, in one sentence]",
            "Timing: [the length, split into blocks of 5 to 10 minutes]",
            "Block 1, why it matters: [the risk to customers and to the licence]",
            "Block 2, how to do it: [the steps, shown once, then practised in pairs]",
            "Block 3, hard cases: [examples to work through together]",
            "Check: [a short quiz or a role play each trainee passes]",
            "Sign-off: [trainee, trainer, date; where the record is kept]",
        ),
    ),
    (
        "data layout",
        r"json(?: (?:shape|schema|payload|body|object|example))?|schemas?|payloads?|"
        r"field names|data (?:shape|model|layout)",
        (
            "Top level: [what one record is, and its identifier]",
            "Fields: [one a line: name, type (text, number, date), required or optional]",
            "Lists: [the repeated parts, such as the packages or lines of a transfer]",
            "Check against: [your tracking system's own API documentation, which names the "
            "real fields; these names are placeholders]",
        ),
    ),
    (
        "greeting",
        r"greetings?|welcome (?:lines?|scripts?|message)|(?:something|a line|lines) "
        r"(?:to say|(?:they|we|i|staff|budtenders) can say)",
        (
            "Line 1: [a warm hello that fits your shop's voice]",
            "Line 2: [an offer of help, and a reminder to have ID ready if your store checks "
            "at the door]",
            "Keep it short: [two lines a budtender can say naturally, in the local way of "
            "speaking]",
        ),
    ),
    (
        "programme",
        # a loyalty or referral scheme to design, not "the state's medical program"
        r"(?:loyalty|rewards?|referral|vip|points|membership|ambassador) (?:programs?|"
        r"programmes?|schemes?|clubs?|tiers?)",
        (
            "Name: [the programme's name, in your brand's voice]",
            "Earning: [points per dollar or per visit, and any bonus days]",
            "Tiers: [each tier's name, the points or spend to reach it, and its perks]",
            "Redeeming: [what points buy (discounts, merch, early access) and the exchange rate]",
            "Terms: [expiry, exclusions, sign-up consent and privacy, one account per person]",
            "Rules check: [many states forbid free cannabis or rewards tied to buying more: ask "
            "me for your state's rules before launch]",
        ),
    ),
    (
        "brief",
        r"(?:design|creative|brand|packaging|agency|photo|video|campaign) briefs?",
        (
            "Project: [what is being designed, and why now]",
            "Audience: [who buys it, adults 21+ only, and where they see it]",
            "Look and feel: [colours, finish, type, mood, in a few words each]",
            "Standing out: [what must read from a shelf or a screen at a glance]",
            "Must avoid: [anything your brief rules out, and anything that could appeal to "
            "children: cartoons, candy look-alikes, bright toy colours]",
            "Mandatories: [the warnings, symbol and label panels your state requires: ask me "
            "for them]",
            "Deliverables and timing: [formats, sizes, review rounds, dates]",
        ),
    ),
    (
        "drill plan",
        # a practice run of an emergency or a recall: the shop's own exercise, not an event
        r"(?:mock[- ]recall|recall|fire|evacuation|emergency|spill|robbery|security|"
        r"tabletop|active shooter)\s+(?:drills?|exercises?|practice runs?)(?:\s+plans?)?|"
        r"mock[- ]recalls?(?:\s+plans?)|(?:emergency|evacuation|contingency|incident "
        r"response)\s+plans?",
        (
            "Objective: [what the drill proves, e.g. every unit of one batch traced and "
            "pulled within a set time]",
            "Scenario: [the batch, the problem found, who raises the alarm, and when]",
            "Team and roles: [coordinator, inventory, communications, each with a backup]",
            "Run of the drill: [step by step, with the clock started at the alarm]",
            "What to record: [time to trace, units found against units made, gaps]",
            "Debrief: [what went wrong, corrective actions, owners and dates; next drill]",
        ),
    ),
    (
        "plan",
        # a plan as a thing to write ("a 4/20 week plan"), not "so i can plan when ..."
        r"(?:an?|the|our|my|this|that)\s+(?:[\w/'-]+\s+){0,3}(?:plans?|calendars?|"
        r"itinerar(?:y|ies)|run of show|line-?ups?)",
        (
            "Goal: [what the week or event should achieve, and for whom]",
            "Schedule: [day by day or hour by hour, one line each]",
            "Activities: [events, education sessions, staff picks, each with an owner]",
            "What to avoid: [anything your brief rules out, and anything your state's "
            "advertising and promotion rules forbid: ask me for them]",
            "Measure: [how you will know it worked]",
        ),
    ),
    (
        "changelog entry",
        r"change ?log|release notes?",
        (
            "Version and date: [x.y.z, YYYY-MM-DD]",
            "Added: [the new capability, in one sentence a user understands]",
            "How to use it: [the endpoint or setting, with a link to the docs]",
            "Notes: [limits, anything deprecated, who to contact]",
        ),
    ),
    (
        "quiz",
        r"quiz(?:zes)?|test questions|questionnaire|trivia(?: questions| night| game)?",
        (
            "Question 1: [question]  A) [ ]  B) [ ]  C) [ ]  Answer: [ ]",
            "Question 2: [question]  A) [ ]  B) [ ]  C) [ ]  Answer: [ ]",
            "Question 3: [question]  A) [ ]  B) [ ]  C) [ ]  Answer: [ ]",
            "Question 4: [question]  A) [ ]  B) [ ]  C) [ ]  Answer: [ ]",
            "Question 5: [question]  A) [ ]  B) [ ]  C) [ ]  Answer: [ ]",
            "Pass mark and sign-off: [score needed, trainee, trainer, date]",
        ),
    ),
    (
        "agenda",
        r"agenda",
        (
            "Welcome and purpose: [5 min]",
            "Actions from last meeting: [owners report back]",
            "Main topics: [one line each, with the time given to each]",
            "Open questions and risks: [what needs a decision]",
            "Actions, owners and deadlines: [agreed before closing]",
            "Next meeting: [date and time]",
        ),
    ),
    (
        "form",
        r"(?:request|sign-?up|intake|sign-?in|feedback|incident|application|order|swap|"
        r"time-?off|leave) forms?|forms? with (?:just )?the fields|fields for|"
        # "a shift handoff template", "a fill-in-the-blank sheet"
        r"(?:hand-?off|handover|shift change|shift report|end of shift) (?:templates?|sheets?|"
        r"forms?|notes?)|fill[- ]in[- ]the[- ]blanks?(?: templates?| forms?| sheets?)?",
        (
            "Title: [what the form is for]",
            "Fields: [one a line, each with a blank: name, date, the details asked for]",
            "Reason or notes: [a line or two of free text]",
            "Approval: [who approves, signature, date]",
            "Filing: [where the completed form goes and how long it is kept]",
        ),
    ),
    (
        "invitation",
        r"invites?|invitations?|save the dates?|rsvp",
        (
            "Headline: [the event's name, and who it is for]",
            "When and where: [date, time, address, parking or access notes]",
            "What to expect: [agenda, who will be there, what to bring]",
            "Who may come: [industry only, 21+ with ID, or as your licence allows]",
            "RSVP: [how and by when to reply]",
        ),
    ),
    (
        "log sheet",
        r"\blogs?\b|log ?sheet|\blogging\b|tracker|tracking sheet|spreadsheet|register|"
        r"(?:template|blank) table|table for",
        (
            "Header: [area or equipment, month, who keeps this log]",
            "Columns: Date | Time | Item or area | What was done | Done by (initials) | "
            "Checked by | Notes or corrective action",
            "Rows: [one a day or a task; blank rows to fill in]",
            "Review: [who reviews the log, how often, and signs it]",
        ),
    ),
    (
        "checklist",
        r"check ?list|to-?do list",
        (
            "Before you start: [ ] [first item]  [ ] [second item]",
            "Main checks: [ ] [item]  [ ] [item]  [ ] [item]",
            "Records: [ ] [what to write down or enter in the system]",
            "Sign-off: [name, date, time; who to tell if a check fails]",
        ),
    ),
    (
        "FAQ",
        r"\bfaqs?\b|q ?& ?a|questions and answers",
        (
            "Title: [who the card is for]",
            "Q: [first question a customer asks]  A: [short answer in plain words]",
            "Q: [second question]  A: [answer]",
            "Q: [third question]  A: [answer]",
            "Footer: [where to ask for more help; the warnings your state requires]",
        ),
    ),
    (
        "name ideas",
        r"names? (?:ideas?|options|suggestions)|names? for|brand names?|"
        r"taglines?|slogans?",
        (
            "What the name should say: [the product, its mood, who it is for]",
            "What to avoid: [anything that appeals to children, candy look-alikes, health "
            "claims, names of existing brands]",
            "Ideas: [as many names as you asked for, one a line, each with why it fits]",
            "Check each: [trademark search, state packaging and advertising rules]",
        ),
    ),
    (
        "policy",
        # "a one paragraph policy for staff", not "the fda's policy on cbd"
        r"(?:a|an|our|my|one) (?:[\w'-]+ ){0,3}?polic(?:y|ies)|code of conduct|house rules",
        (
            "Purpose: [why the rule exists, in one line]",
            "Applies to: [who, where and when]",
            "The rule: [what is and is not allowed, in plain words]",
            "Exceptions: [any, and who approves them]",
            "If it is broken: [what happens, and who to tell]",
            "Acknowledgement: [name, signature and date]",
        ),
    ),
    (
        "pitch",
        r"pitch(?: deck| letter)?|(?:sponsorship|partnership) (?:proposals?|packages?|decks?)|"
        r"one-? ?pager",
        (
            "Opening: [who you are and why this event or partner fits you]",
            "The proposal: [what you offer to sponsor or provide, in one or two lines]",
            "What they get: [visibility, support or service, with numbers where you have them]",
            "What you ask: [signage, mentions, space, dates]",
            "Boundaries: [anything your brief rules out, such as no product sampling, and any "
            "age limit on your brand's presence: ask me for your state's sponsorship rules]",
            "Next step and contact: [who to reply to, by when]",
        ),
    ),
    (
        "email",
        r"e-?mails?|letters?|(?:thank[- ]you )?notes?|replies|reply|responses?|apolog(?:y|ies)|"
        # and in French: "un courriel", "une lettre", "un petit mot"
        r"courriels?|lettres?|(?:petit )?mot|"
        r"memos?|(?:recall |customer |public )notices?",
        (
            "Subject: [one line that says what it is about]",
            "Greeting: [name or group]",
            "Opening: [why you are writing, in one sentence]",
            "Details: [the facts: dates, batch or order numbers, what happened]",
            "What you ask or offer: [the next step, with a date]",
            "Sign-off: [name, role, contact]",
        ),
    ),
    (
        "label",
        r"(?:package|packaging|pouch|jar|box|bag|tin|container|product) (?:labels?|copy|text)|"
        # a noun, not the verb ("so if we label it 10 mg, ...")
        r"labels?(?: (?:text|copy|layout|mock-?up|draft))?"
        r"(?! (?:it|them|this|that|these|those|as|each|every\w*|our|the|all)\b)",
        (
            "Front panel: [brand, product name, product type, net weight or count]",
            "Potency: [THC ___ mg per serving, ___ mg per package; CBD if any]",
            "Servings: [___ servings of ___ mg each]",
            "Ingredients and allergens: [list, with allergens called out]",
            "Warnings and symbols: [the state's required warning statements and universal "
            "symbol: ask me for your state's exact wording]",
            "Batch and dates: [batch or lot number, packaged date, use-by date]",
            "Licensee: [name and licence number of the maker]",
        ),
    ),
    (
        "message",
        r"text(?: blast| message)?s?|sms|slack(?: message| msg)?|msgs?|messages?|reminders?|"
        r"announcements?|push notifications?|blasts?",
        (
            "Opening: [who it is for, in a few words]",
            "Key point: [the one thing to know or do]",
            "Details: [dates, times, conditions]",
            "Closing: [who to ask; for a marketing text, an opt-out line such as "
            "'Reply STOP to opt out']",
        ),
    ),
    (
        "social post",
        r"captions?|posts?|instagram|\big\b|tweets?|facebook|tiktok|reels?|"
        # an instagram story, not a brand's own story (copy)
        r"(?<!brand )(?<!origin )(?<!founder's )(?<!founders )(?<!founding )(?<!family )"
        r"(?<!company )(?<!farm's )(?<!farm )(?:stories|story)|hashtags?",
        (
            "Hook: [a first line that stops the scroll]",
            "Body: [one or two lines with the details]",
            "Call to action: [visit, order ahead, follow]",
            "Required lines: [age gate such as '21+ only' and the warnings your state's "
            "advertising rules require]",
            "Hashtags: [a few, none that target minors]",
        ),
    ),
    (
        "sign",
        r"chalk ?board|sandwich board|a-frame(?: sign)?|(?:window|door|menu) (?:sign|board)",
        (
            "Line 1: [the joke, pun or message, short enough to read walking past]",
            "Line 2: [the offer or welcome, if any]",
            "Keep it clean: [nothing that appeals to minors, no health claims, no "
            "consumption shown]",
            "Required lines: [the age statement your state's signage rules require]",
        ),
    ),
    (
        "copy",
        r"(?:product |menu )?descriptions?|(?:menu |web |ad )?copy|paragraphs?|intros?|"
        # "3 headlines for a denver dispensary billboard": the billboard is what they are for
        r"headlines? for (?:an? |the |our )?(?:[\w-]+ ){0,3}?billboards?|"
        r"(?:billboard |ad |banner )?headlines?|billboards?|"
        r"blurbs?|bios?|newsletters?|flyers?|shelf[- ]talkers?|signs?(?!-)|scripts?|speech(?:es)?|"
        r"talking points|"
        r"public comments?|testimony|taglines?|slogans?|about[- ]us (?:page|section|blurb)|"
        # a business's own story, not "long story short"
        r"(?:brand|origin|founder'?s?|founding|family|company|our|farm'?s?) stor(?:y|ies)",
        (
            "Opening line: [what it is and why it stands out]",
            "Details: [flavour, format, strength per serving, size]",
            "Closing line: [how to enjoy it responsibly, or the call to action]",
            "Required lines: [the warnings and age statement your state requires]",
        ),
    ),
    (
        "template",
        r"templates?|worksheets?|(?:batch|production|record) (?:records?|sheets?)|"
        r"recipe cards?|(?:card|page|sheet) layouts?|layouts?",
        (
            "Header: [what the record is for, product or batch, date, who fills it in]",
            "Fields or columns: [one a line, each with a blank to fill in]",
            "Figures: [blanks for the amounts and doses, with their units]",
            "Checks: [who reviews it, signature and date]",
            "Keeping: [where the completed record is filed and for how long your state "
            "requires: ask me for the rule]",
        ),
    ),
)
