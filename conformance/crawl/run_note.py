"""run_note.py - what every report says first when the run did not run to its end.

Three notes, one per way a run can fall short, each said the same way in every
format (report.py and junit.py print them):

  in-progress    the placeholder a report path holds while the run goes on
                 (report_files.py): a report left by an earlier run is never
                 read as this run's, and one the run was killed before writing
                 says so
  interrupted    INT, TERM or HUP (interrupt.py): the crawls were stopped, the
                 results are partial
  could-not-run  a usage error (an unknown crawler, a broken adapter entry, a
                 malformed known-failures file, ...) or a failure of
                 robots-crawl's own: nothing was judged

Fields: "kind"; "stopped", the JSON report's top-level member (a string:
"in progress", "interrupted by SIGTERM after N of M checks", "could not run:
WHY"; a crawler that stopped early is said by its own "stopped" object, inside
"crawlers"); "title", the JUnit test case's name; "message", its <error>'s
message; "text", the first line of the text and Markdown reports; "fix" and
"detail" (could-not-run).
"""
import os
import time

IN_PROGRESS_WORDS = "if this stays, the run was killed before it wrote its report"


def in_progress():
    started = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    message = "the run is in progress (robots-crawl started %s, pid %d); %s" % (started, os.getpid(),
                                                                               IN_PROGRESS_WORDS)
    return {"kind": "in-progress", "stopped": "in progress", "title": "robots-crawl run in progress",
            "message": message, "text": "robots-crawl: %s." % message}


def interrupted(sentence):
    """sentence: interrupt.sentence(), "interrupted by SIGTERM after N of M checks"."""
    return {"kind": "interrupted", "stopped": sentence, "title": "robots-crawl was interrupted",
            "message": sentence,
            "text": "robots-crawl was %s: the results are partial (every crawl was stopped)." % sentence}


def could_not_run(message, fix, detail=""):
    return {"kind": "could-not-run", "stopped": "could not run: " + message, "title": "robots-crawl could not run",
            "message": message, "fix": fix, "detail": detail,
            "text": "robots-crawl could not run: %s" % message}


def lines(note):
    """The note as lines of text: its sentence, then the likely fix."""
    if not note:
        return []
    out = [note["text"]]
    if note.get("fix"):
        out.append("likely fix: %s" % note["fix"])
    return out
