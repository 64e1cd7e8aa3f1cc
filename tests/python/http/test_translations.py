"""Every text the web app shows through `t` (or marks with `phrase`, for a table looked up later), and every text
index.html marks (`data-t`, `data-t-label`), has its French in the dictionary of the part that shows it (or in the
shell's, which every page loads), and every French text is still used: a static check of Public, with no browser
and no stack. A text whose English the check cannot read (`t(variable)`) is caught when it is shown: t() reports it
on the console, which the French browser tests read. The server's texts (PART-results.json) are looked up at run time; the
French browser tests check those (test_web_languages.py)."""
import json
import pathlib
import re

PUBLIC = pathlib.Path(__file__).resolve().parents[3] / "Sources" / "Runtime" / "HTTPBridge" / "Public"
WORDS = PUBLIC / "js" / "words" / "fr-CA"
# A call of t or phrase whose first argument is one string literal, in double quotes or backquotes without ${…}.
KEYED = re.compile(r'(?<![\w.$])(?:t|phrase)\(\s*(?:"((?:[^"\\]|\\.)*)"|`([^`$]*)`)')
# The shell's texts in index.html: an element's text (data-t) or its aria-label (data-t-label).
MARKED = re.compile(r'<(\w+)[^>]*\bdata-t(?![-\w])[^>]*>([^<]+)<|aria-label="([^"]+)"[^>]*\bdata-t-label\b')


def part_of(script):
    """The dictionary a script's texts belong to: its app's (apps/calc.js → calc, apps/household/… → household), else
    the shell's."""
    relative = script.relative_to(PUBLIC / "js").parts
    if relative[0] != "apps":
        return "shell"
    return relative[1] if len(relative) > 2 else relative[1].removesuffix(".js")


def texts_by_part():
    found = {"shell": {text: "index.html" for match in MARKED.finditer((PUBLIC / "index.html").read_text())
                       for text in [match.group(2) or match.group(3)]}}
    for script in sorted((PUBLIC / "js").rglob("*.js")):
        source = script.read_text()
        for match in KEYED.finditer(source):
            text = json.loads(f'"{match.group(1)}"') if match.group(1) is not None else match.group(2)
            found.setdefault(part_of(script), {})[text] = script.name
    return found


def dictionary(part):
    path = WORDS / f"{part}.json"
    return json.loads(path.read_text()) if path.exists() else {}


def test_every_text_the_page_shows_has_its_french():
    shell = dictionary("shell")
    missing = [f"{part} ({script}): {text}" for part, texts in texts_by_part().items() for text, script in texts.items()
               if text not in dictionary(part) and text not in shell]
    assert missing == [], "no French for:\n" + "\n".join(missing)


def test_every_french_text_is_still_shown():
    used = texts_by_part()
    unused = [f"{path.stem}: {text}" for path in sorted(WORDS.glob("*.json")) if not path.stem.endswith("-results")
              for text in json.loads(path.read_text()) if text not in used.get(path.stem, {})]
    assert unused == [], "French no text asks for:\n" + "\n".join(unused)


def test_french_keeps_every_place_of_its_english():
    wrong = [f"{path.stem}: {english!r} → {french!r}" for path in sorted(WORDS.glob("*.json"))
             for english, french in json.loads(path.read_text()).items()
             if sorted(re.findall(r"\{\w+\}", english)) != sorted(re.findall(r"\{\w+\}", french))]
    assert wrong == [], "\n".join(wrong)
