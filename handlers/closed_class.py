"""The closed classes of the languages without a table of their own, read as English.

People who type the words of the trade in English keep their own language's small words: "CI/testy
vynech" (Czech: leave out CI), "nu mă interesează LoRA", "bez CI", "CI nélkül", "minulý týden",
"ki mergelt". handlers/language.py translates whole questions of the languages it has tables for;
for the rest, the classes every language has and a question is built of - without / except, who,
the most, open, how many, a summary, by topic, compared with, new models, and time said as "last" or
"this" beside a week, month or day - are a few closed lists, read here as the English words the
parser knows. Only words no English question uses are listed, so an English question reads the
same with or without this module.

`phrases_in_english(text)` reads the phrases of a lower-cased question before it is split into
words; `closed_class_words(tokens)` reads its words after. `CYRILLIC_TIMES` are the time phrases
of Ukrainian, Bulgarian and Serbian, which handlers/language.py reads before it drops the Cyrillic
words it has no table for.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# Leaving something out, or saying it is of no interest, in the languages without a table; the
# verb comes after its object in several of them ("CI/testy vynech", "a CI-t hagyd ki", "a CI-os
# javítások nem érdekelnek" with the head noun between) and before it in others ("nu mă
# interesează LoRA", "δεν με ενδιαφέρουν τα CI"). Read as "without X" ("care NU sunt CI": not); of
# a list "CI/testy" the first, which names the topic (the rest are its words in that language).
_OBJECT = r"([^\s,;:.!?()]+)"


def _without_first(found: re.Match[str]) -> str:
    """ "without X" of "X vynech"; of a list ("CI/testy") the first, which names the topic."""
    return f" without {found[1].split('/')[0]} "


_SAID_ELSEWHERE: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(pattern, re.I), said)
    for pattern, said in (
        (
            rf"{_OBJECT}(?:\s+[^\s,;:.!?()]+)?\s+(?:nem\s+érdekel\w*|nem\s+kell\w*|nezajím\w*|ei\s+kiinnosta)",
            _without_first,
        ),
        (
            rf"{_OBJECT}\s+(?:vynech\w*|hagyd\s+ki|hagyjuk\s+ki|kihagyva|jätä\s+pois|pois\s+lukien)",
            _without_first,
        ),
        (
            rf"(?:nu\s+m[ăa]\s+interesea[zț][ăa]|nu\s+ne\s+interesea[zț][ăa]|δεν\s+με\s+ενδιαφέρ\w*|den\s+me\s+endiafer\w*"
            rf"|nezajímá\s+mě|nezajima\s+me|ne\s+zajímá\s+mě|udelad|spring\s+over)\s+(?:(?:τα|το|ta|to|de|pe)\s+)?{_OBJECT}",
            _without_first,
        ),
        (r"\bnu\s+(?:sunt|este|e)\b", " not "),
        # and the few other phrases a question is built of: how many, a summary, a breakdown by
        # topic, a comparison, new models
        (
            r"(?<!\w)(?:kolik|koliko|kiek|quants|quantes|ilan|câte|câți|cate|cati|πόσα|πόσες|πόσοι|posa|hány|hany|mennyi|kuinka\s+monta|montako"
            r"|hvor\s+mange)(?!\w)",
            " how many ",
        ),
        (
            r"(?<!\w)(?:shrnutí|shrnuti|stručně|strucne|rezumat|pe\s+scurt|περίληψη|perilipsi|röviden|roviden"
            r"|összefoglal\w*|yhteenveto|lyhyesti|opsummering|kort\s+fortalt|resumé)(?!\w)",
            " summary ",
        ),
        (
            r"(?<!\w)(?:podle\s+témat\w*|pe\s+teme|pe\s+subiecte|ανά\s+θέμα|ana\s+thema|témánként|aiheittain"
            r"|per\s+emne|efter\s+emne|fordelt\s+på\s+emner)(?!\w)",
            " by topic ",
        ),
        (
            r"(?<!\w)(?:σε\s+σχέση\s+με|se\s+sxesi\s+me|ve\s+srovnání\s+s|oproti|în\s+comparație\s+cu"
            r"|comparativ\s+cu|față\s+de|verrattuna|sammenlignet\s+med|i\s+forhold\s+til)(?!\w)",
            " vs ",
        ),
        (
            r"(?<!\w)(?:nové\s+modely|nových\s+modelů|modele\s+noi|modelele\s+noi|νέα\s+μοντέλα|nea\s+montela"
            r"|új\s+modell\w*|uudet\s+mallit|uusia\s+malleja|nye\s+modeller|novi\s+modeli|nauj\w*\s+modeli\w*|nous\s+models|bagong\s+models?)(?!\w)",
            " new models ",
        ),
    )
)
# English's own words of the trade keep their spelling in other languages, which add their endings
# after a mark: Romanian "PR-uri", Finnish "PR:t" / "CI:tä", Danish "PR'er", Hungarian "PR-ek",
# "CI-ul". The word is the English one ("ci-build", "pr-bot", "ci/cd" are words of their own).
# Lithuanian, Turkish and others put their endings on an English word after an apostrophe; English's
# own endings there ('s, 't, 're, 've, 'll, 'd, 'm) are kept for the readers of English
_APOSTROPHE_ENDING = re.compile(r"\b([a-z][a-z0-9+-]*[a-z0-9])'(?!(?:s|t|re|ve|ll|d|m)\b)([^\W\d_]{1,5})\b")
_INFLECTED = re.compile(r"\b(prs?|ci)[-:'](?!build\b|bot\b|cd\b|only\b)([^\W\d_]{1,5})(?![-\w])")


def phrases_in_english(raw: str) -> str:
    """Words of the trade with another language's ending, and the phrases above, as English."""
    raw = _INFLECTED.sub(r"\1", raw)  # "PR-uri", "CI:tä", "PR'er": the word with another language's ending
    raw = _APOSTROPHE_ENDING.sub(r"\1", raw)  # "merge'inti", "connector'iais", "fix'ai": the English word
    for pattern, said in _SAID_ELSEWHERE:  # "CI/testy vynech", "nu mă interesează LoRA"
        raw = pattern.sub(said, raw)
    return raw


# Time said in Ukrainian, Bulgarian and Serbian: "last" / "this" / "the last N" with a week, month or
# day, and "all time". Read on the sentence before handlers/language.py drops the Cyrillic words no
# table holds (so as phrases, not as the words below).
_CYR_LAST = "минулого|минулий|минулому|минулої|попереднього|попередній|миналата|миналия|прошле|прошлог|прошлу"
_CYR_THIS = "цього|цей|цьому|цієї|тази|този|ове|овог|ову"
_CYR_RECENT = "останні|останніх|останній|последните|последњих|последње|последних"
_CYR_UNITS = {
    "week": "тижня|тиждень|тижні|тижнів|седмица|седмицата|седмици|недеље|недељу|недеља",
    "month": "місяця|місяць|місяці|місяців|месец|месеца|месеци",
    "day": "днів|дні|дня|дни|дана",
}
CYRILLIC_TIMES = (
    ((re.compile(r"за\s+(?:весь\s+час|увесь\s+час|цялото\s+време|све\s+време)", re.I), " all time "),)
    + tuple(
        (
            re.compile(rf"(?<!\w)(?:на |за |в |у |през |током )?(?:{which})\s+(?:{units})(?!\w)", re.I),
            f" {said} {unit} ",
        )
        for unit, units in _CYR_UNITS.items()
        for which, said in ((_CYR_LAST, "last"), (_CYR_THIS, "this"))
    )
    + tuple(
        (
            re.compile(rf"(?<!\w)(?:за |в |у |през )?(?:{_CYR_RECENT})\s+(\d+)\s+(?:{units})(?!\w)", re.I),
            rf" past \1 {unit}s ",
        )
        for unit, units in _CYR_UNITS.items()
    )
)


# "Without" and "except" are a closed class every language has; people who type technical words in
# English keep their own for these. Prepositions ("bez CI", "fără docs", "ilman CI:tä", "χωρίς CI")
# read as "without"; postpositions ("CI nélkül", "CI hariç", "CI:tä lukuun ottamatta")
# are moved before the word they follow. Only words no English question uses.
_WITHOUT_BEFORE = frozenset({
    "bez", "kromě", "krome", "okrem", "osim", "oprócz", "oprocz", "fără", "ilman", "paitsi", "uden", "uten",
    "utan", "förutom", "zonder", "behalve", "ohne", "außer", "ausser", "sauf", "hormis", "senza", "tranne",
    "eccetto", "excepto", "exceto", "χωρίς", "χωρις", "εκτός", "tanpa", "kecuali",
})  # fmt: skip
_WITHOUT_AFTER = frozenset({
    "nélkül", "nelkul", "kivéve", "kiveve", "hariç", "haric", "dışında", "disinda", "olmadan", "lukuun",
})  # fmt: skip
_BETWEEN = frozenset({"pr", "prs", "-"})  # "CI PR-ek nélkül"


# Romanian "more" is spelt like French and German May: "cele mai multe", "mai recente"
_MORE_OF = tuple([w] for w in (
    "mult", "multe", "multi", "mulți", "puțin", "puține", "putine", "recent", "recente", "vechi", "noi",
    "nou", "nouă", "noua",
))  # fmt: skip
# "The most" (who did the most) and "open" (PRs not merged yet), the same way
_MOST_ELSEWHERE = frozenset({
    "nejvíc", "nejvíce", "nejvic", "najviac", "legtöbb", "legtobb", "περισσότερα", "περισσότερο", "perissotera",
    "eniten", "flest", "najviše", "najvise", "zyada", "jyada",
})  # fmt: skip
_OPEN_ELSEWHERE = frozenset({
    "deschise", "deschis", "otevřené", "otevřených", "otevřeno", "otevrene", "otvorené", "nyitott", "nyitva",
    "ανοιχτά", "ανοιχτό", "ανοικτά", "anoixta", "anoixto", "avoimet", "avoimia", "avoimena", "auki", "åbne",
    "åbent", "åpne", "otvoreni", "otvorene", "khule",
    "atviri", "atvirų", "atviru", "atvirus", "oberts", "obertes", "odprti", "odprtih", "odprte",
})  # fmt: skip
# "Who" is another such word: "kdo", "cine", "ποιος", "kuka", "hvem", "kaun" (the languages with a
# table of their own read it there)
_WHO_ELSEWHERE = frozenset({
    "kdo", "kto", "cine", "ποιος", "ποιοι", "ποια", "ποιο", "kuka", "ketkä", "ketka", "hvem", "kaun",
    "sino",
    "kisne",
})  # fmt: skip


# Time said in the languages without a table: "last" / "this" next to a week, month or day in
# either order ("minulý týden", "săptămâna trecută", "ezen a héten", "την προηγούμενη εβδομάδα",
# "viime viikolla", "sidste uge"), and "the last N" of them ("ultimele 2 săptămâni", "az elmúlt 2
# hétben", "posledních 14 dní"); a one-word article may stand between ("ezen a héten"). Read as the
# English phrase, which the time reader knows.
_LAST_WORDS = frozenset({
    "minulý", "minulého", "minulém", "minulému", "minulým", "minulou", "minulej", "minulú", "minuly", "minulem",
    "trecută", "trecuta", "trecut",
    "προηγούμενη", "προηγούμενο", "προηγούμενης", "περασμένη", "περασμένο", "proigoumeni", "proigoumeno",
    "perasmeni", "múlt", "előző", "elozo", "viime", "edellinen", "edellisellä", "sidste", "forrige",
    "prošli", "prošlog", "prošle", "prošlom", "prosli", "prosle", "pretekli", "preteklem", "nakaraang",
    "prejšnji", "prejšnjem", "prejsnji", "praeitą", "praeita", "praėjusią", "praejusia", "passada", "passat",
    "pagājušajā", "pagajusaja", "eelmisel", "eelmine",
})  # fmt: skip
_THIS_WORDS = frozenset({
    "tento", "tenhle", "tomto", "tomhle", "tuto", "tohto", "asta", "aceasta", "această", "acesta", "αυτή",
    "αυτό", "αυτήν", "auti", "afti", "ezen", "ebben", "tällä", "tässä", "tämä", "denne", "dette", "ovaj",
    "ovog", "ove", "ovom", "ngayong", "ta", "tem", "šią", "sia", "šį", "si", "aquesta", "aquest", "aquella",
    "aquell", "sel", "šajā",
})  # fmt: skip
_RECENT_WORDS = frozenset({
    "posledních", "poslední", "posledné", "poslednich", "ultimele", "ultimii", "ultimile", "τελευταίες",
    "τελευταίους", "τελευταίο", "teleftaies", "elmúlt", "utolsó", "viimeiset", "viimeisen", "viimeisten",
    "sidste", "siste", "zadnjih", "zadnja", "poslednjih", "pichle", "viimisen", "posledního", "posledniho",
})  # fmt: skip
_UNIT_WORDS = {
    **dict.fromkeys((
        "týden", "týdnu", "týdne", "týdny", "týdnů", "týdnech", "tyden", "tydnu", "týždeň", "týždni",
        "săptămâna", "săptămână", "saptamana", "săptămâni", "saptamani", "εβδομάδα", "εβδομάδας",
        "εβδομάδες", "evdomada", "evdomadas", "evdomades", "hét", "héten", "hetet", "hete", "hetében",
        "hétben", "viikko", "viikolla", "viikon", "viikkoa", "viikot", "uge", "ugen", "uger", "uke", "uken",
        "uker", "tjedan", "tjedna", "tjednu", "tjedne", "nedelja", "nedelje", "nedelji", "teden", "tednu",
        "tedna", "hafte", "linggo", "linggong", "savaitę", "savaite", "savaitė", "setmana", "nedēļā", "nedela",
        "nädalal", "nädal",
    ), "week"),
    **dict.fromkeys((
        "měsíc", "měsíci", "mesiac", "mesiaci", "luna", "lună", "luni", "μήνα", "μήνας", "μήνες", "mina",
        "hónap", "hónapban", "hónapot", "kuukausi", "kuussa", "kuukauden", "kuukautta", "måned", "måneden",
        "måneder", "mjesec", "mjesecu", "mesec", "mesecu", "mahine", "buwan", "mėnesį", "menesi", "mes",
        "mėnesio", "mēnesī", "kuul",
    ), "month"),
    **dict.fromkeys((
        "dní", "dnů", "dny", "dnech", "dni", "zile", "zilele", "ημέρες", "μέρες", "meres", "nap", "napban",
        "napot", "päivää", "päivän", "dage", "dagen", "dana", "dan", "araw",
    ), "day"),
}  # fmt: skip
_OWN_ARTICLES = frozenset({"την", "τον", "τις", "το", "tin", "ton", "tis", "az"})  # no English word
_ARTICLES = frozenset(
    {"a", "az", "την", "τον", "τις", "το", "tin", "ton", "tis", "de", "i", "v", "w", "în", "in"}
)


def _foreign_time(tokens: list[str], k: int) -> tuple[int, list[str]] | None:
    """(how many tokens from `k`, the English words) of a time phrase of the untabled languages."""
    word = tokens[k]
    ahead = tokens[k + 1 : k + 4]
    skip = 1 if ahead[:1] and ahead[0] in _ARTICLES else 0
    if word in _RECENT_WORDS:  # "ultimele 2 săptămâni", "az elmúlt 2 hétben"
        count, unit = (ahead[skip : skip + 2] + ["", ""])[:2]
        if count.isdigit() and unit in _UNIT_WORDS:
            return 3 + skip, ["past", count, _UNIT_WORDS[unit] + "s"]
        if count in _UNIT_WORDS and word not in _LAST_WORDS:  # "viimisen kuukauden ajalta": the past month
            return 2 + skip, ["past", _UNIT_WORDS[count]]
    said = "last" if word in _LAST_WORDS else "this" if word in _THIS_WORDS else None
    if (
        said is not None and len(ahead) > skip and ahead[skip] in _UNIT_WORDS
    ):  # "minulý týden", "ezen a héten"
        return 2 + skip, [said, _UNIT_WORDS[ahead[skip]]]
    if said == "last" and "vs" in tokens[max(k - 2, 0) : k] and k >= 2:  # "this week vs the previous (one)"
        before = [t for t in tokens[:k] if t in ("week", "month", "day")]
        return 1, ["last", before[-1] if before else "week"]
    if word in _UNIT_WORDS and ahead[:1]:  # "săptămâna trecută", "luna asta", "la setmana passada"
        # (after a unit, an English "last" is a table's word: Portuguese "passada" read so)
        after = {"last": "passat", "this": "aquesta"}.get(ahead[0], ahead[0])
        said = "last" if after in _LAST_WORDS else "this" if after in _THIS_WORDS else None
        if said is not None:
            return 2, [said, _UNIT_WORDS[word]]
    return None


def closed_class_words(tokens: list[str]) -> None:
    """Without, except, who and time phrases of languages without a table of their own, as English."""
    k = 0
    while k < len(tokens):
        found = _foreign_time(tokens, k)
        if found is not None:
            start = k - 1 if k and tokens[k - 1] in _OWN_ARTICLES else k  # "την προηγούμενη εβδομάδα"
            tokens[start : k + found[0]] = found[1]
            k = start + len(found[1])
        else:
            k += 1
    for k in range(len(tokens) - 1, -1, -1):
        if tokens[k] == "mai" and (
            tokens[k - 1 : k] in (["cele"], ["cel"], ["cea"], ["ceva"]) or tokens[k + 1 : k + 2] in _MORE_OF
        ):  # Romanian "cele mai multe", "mai recente": more, not May
            tokens[k] = "more"
        elif tokens[k] in _WHO_ELSEWHERE or (k == 0 and tokens[k] == "ki"):  # Hungarian "ki mergelt ...?"
            tokens[k] = "who"
        elif (
            tokens[k] == "is"
            and tokens[k + 1 : k + 2] in (["week"], ["hafte"], ["month"], ["mahine"])
            and not (tokens[k + 2 : k + 3] and tokens[k + 2].isdigit())
        ):
            tokens[k] = "this"  # Hinglish "is week spec decode me kya merge hua" ("what is week 47" is not)
        elif tokens[k] in ("nem", "ikke") and tokens[k + 1 : k + 2] not in ([], ["."]):
            # Hungarian and Danish / Norwegian "not CI" (not Romanian "nu": Dutch and Swedish "now")
            tokens[k] = "not"
        elif tokens[k] in _MOST_ELSEWHERE:
            tokens[k] = "most"
        elif tokens[k] in _OPEN_ELSEWHERE:
            tokens[k] = "open"
        elif tokens[k] in _WITHOUT_BEFORE:
            tokens[k] = "without"
        elif tokens[k] in _WITHOUT_AFTER and k > 0:
            at = k - 1
            while at > 0 and tokens[at] in _BETWEEN:
                at -= 1
            if tokens[at] not in _BETWEEN and any(c.isalpha() for c in tokens[at]):
                tokens[at : k + 1] = ["without", tokens[at]]
                if tokens[k + 1 : k + 2] == ["ottamatta"]:  # "lukuun ottamatta": not counting
                    del tokens[k + 1]
