#!/usr/bin/env python3
"""Scores an agent's answer against a LoCoBench task's ground truth.

Reads $LOGS_DIR/agent/solution.md and $TESTS_DIR/ground_truth.json (defaults /logs and /tests;
--solution, --ground-truth and --output-dir override) and writes, under $LOGS_DIR/verifier/:
reward.json (exactly one key, `reward`: Harbor turns every key into a metric and computes pass@k
only for a single 0/1 key), reward.txt (the reward alone) and reward-details.json (every part of
the score, what matched and why). A zero reward is written before anything else, so a crash still
leaves a reward.

Two layers. The deterministic layer is precision-aware and grounded: content words, identifiers
and file references are F1 scores (what the answer adds counts against it), quoted code earns
credit only where its lines occur in the ground-truth-relevant project file it is attributed to
(checked against a line-hash index shipped in ground_truth.json, never against /app/project,
which the agent can edit), and text beyond a limit relative to the reference answer is not read.
What the instruction gives away earns nothing, but a file gate still charges citing files the
ground truth does not rely on where the instruction named the relevant ones.
The optional judge layer asks an OpenAI-compatible model to grade the answer against a rubric
when JUDGE_BASE_URL, JUDGE_API_KEY and JUDGE_MODEL are set; without them, or when the judge
fails, the reward is the deterministic layer alone and reward-details.json says so.

Python 3 standard library only. scripts/verifier/score.ts is a TypeScript twin of the
deterministic layer that must give identical numbers: every rule below is written so that both
languages agree (ASCII-only regex classes and lower-casing, an explicit whitespace set, sums in
sorted order, Python's round).
"""
import argparse
import hashlib
import json
import math
import os
import re
import socket
import sys
import time
import traceback
import urllib.error
import urllib.request

METRICS = ('content_words', 'identifiers', 'file_references', 'code_grounding')
DEFAULT_WEIGHTS = {'content_words': 0.3, 'identifiers': 0.25, 'file_references': 0.15, 'code_grounding': 0.3}
DEFAULT_LIMITS = {
    # Words read: max(answer_words_min, answer_words_ratio x the reference answer's words).
    'answer_words_ratio': 3,
    'answer_words_min': 400,
    # A precision at or above this earns full precision credit: an honest answer adds its own
    # words, a dump adds thousands.
    'precision_full_at': 0.5,
    # What the instruction already names (words, identifiers, files) counts this much.
    'instruction_term_weight': 0.0,
    # Quoting real code from this many relevant files earns full code recall.
    'code_files_for_full_credit': 3,
    # Code precision (grounded quoted lines / quoted lines) at or above this is full.
    'code_precision_full_at': 0.8,
    # Quoted code counts in full only when the prose shows understanding: code credit is scaled
    # by min(1, best prose F1 / code_prose_gate). 0 turns the gate off.
    'code_prose_gate': 0.5,
    # The file gate: on the share of the file metric the instruction gives away, a cited-file
    # precision at or above this costs nothing; below it the score shrinks. 0 turns it off.
    'file_precision_gate': 0.5,
}
DEFAULT_JUDGE = {'weight': 0.5, 'max_answer_chars': 24000, 'max_tokens': 300, 'timeout_sec': 60, 'retries': 3,
                 'backoff_sec': 2, 'system_prompt': '', 'rubric': ''}
CONTAINER_ROOT = '/app/project/'
SHOWN = 20
MIN_CODE_LINE_CHARS = 8

STOP_WORDS = frozenset('''
about above after again against all also and any are because been before being below between
both but can could did does doing down during each either few for from further had has have
having her here hers herself him himself his how however into its itself just may might more
most must nor not now off once only other our ours ourselves out over own same shall she should
some such than that the their theirs them themselves then there these they this those through
too under until upon very via was were what when where which while who whom whose why will with
within without would yet you your yours yourself yourselves
'''.split())

# Unicode whitespace as both Python's str.split() and JavaScript's \s see it (their union), so
# the two languages split words identically.
_WS = '\t\n\x0b\x0c\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'
WORD = re.compile('[^' + _WS + ']+')
WS_RUN = re.compile('[' + _WS + ']+')
# A word with a slash is a path: its segments are file names, not vocabulary. Anchored at the
# word's start and scanning to its first slash, so a long word without one is read once, not once
# per character (an answer of one 60 KB word took 6 s, a 400 KB one past the verifier's timeout).
PATH_WORD = re.compile('(?<![^' + _WS + '])[^' + _WS + '/]*/[^' + _WS + ']*')
NON_BLANK = re.compile('[^' + _WS + ']')
TOKEN = re.compile('[a-z0-9]+(?:_+[a-z0-9]+)*')
IDENT = re.compile('[A-Za-z_][A-Za-z0-9_]*')
CAMEL = re.compile('[a-z][A-Z]|[A-Z]{2}[a-z]')
_ASCII_LOWER = {c: c + 32 for c in range(65, 91)}
PATH_BASE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-/'
# Characters that end a path mention even when a project path contains them.
PATH_NEVER_CHARS = '`\'"()[]{}<>,;:*|!?\\'


class VerifierError(Exception):
    """Bad verifier input (not the agent's fault): reward 0, details name the problem, exit 1."""


# ---------------------------------------------------------------------------------------------
# Text helpers


def round4(x):
    return round(x, 4)


def fmt4(x):
    return format(round4(x), '.4f')


def by_code_point(values):
    return sorted(values)


def normalise_text(text):
    if text.startswith('\ufeff'):
        text = text[1:]
    return text.replace('\r\n', '\n')


def is_blank(text):
    return NON_BLANK.search(text) is None


def count_words(text):
    return len(WORD.findall(text))


def cut_words(text, limit):
    """The text up to the end of its limit-th word (all of it when it has fewer)."""
    n = 0
    for m in WORD.finditer(text):
        n += 1
        if n == limit:
            return text[:m.end()], True if NON_BLANK.search(text, m.end()) else False
    return text, False


def lower_ascii(text):
    return text.translate(_ASCII_LOWER)


def iter_tokens(text):
    for m in TOKEN.finditer(lower_ascii(text)):
        yield m.group(0)


def content_tokens(text):
    out = []
    for t in iter_tokens(text):
        if len(t) > 2 and t not in STOP_WORDS:
            out.append(t)
    return out


def identifiers(text, excluded):
    """Code identifiers: snake_case, camelCase or PascalCase names of 4+ characters, lower-cased,
    minus names of project files and folders (a path list is not knowledge of the code)."""
    out = set()
    for m in IDENT.finditer(text):
        core = m.group(0).strip('_')
        if len(core) < 4 or not ('_' in core or CAMEL.search(core)):
            continue
        name = lower_ascii(core)
        if name not in excluded:
            out.add(name)
    return out


def path_names(project_files):
    """Every folder name and file stem of the project, lower-cased (see identifiers)."""
    names = set()
    for p in project_files:
        segments = p.split('/')
        for s in segments:
            names.add(lower_ascii(s).strip('_'))
        stem = segments[-1].split('.')[0]
        names.add(lower_ascii(stem).strip('_'))
    return names


def normalise_code_line(line):
    return WS_RUN.sub(' ', line).strip(' ').rstrip(' {;,')


def line_hash(norm):
    """First 16 hex digits of the SHA-1 of a normalised line (generate writes the same)."""
    try:
        data = norm.encode('utf-8')
    except UnicodeEncodeError:  # a lone surrogate: no project file contains one
        return None
    return hashlib.sha1(data).hexdigest()[:16]


def weighted_f1(answer_items, truth_items, weight, full_at):
    """F1 of two sets. Recall weighs each truth item by weight(item) (what the instruction gives
    away counts little); precision is the plain share of the answer's items in the truth (how
    much of what the answer says is on topic). Precision at or above full_at is full. Sums run in
    sorted order so both languages add the same floats in the same order."""
    matched = 0.0
    truth_total = 0.0
    hits = 0
    for t in by_code_point(truth_items):
        w = weight(t)
        truth_total = truth_total + w
        if t in answer_items:
            matched = matched + w
            hits += 1
    precision = hits / len(answer_items) if answer_items else 0.0
    recall = matched / truth_total if truth_total > 0 else 0.0
    p = min(1.0, precision / full_at) if full_at > 0 else precision
    value = 2 * p * recall / (p + recall) if p + recall > 0 else 0.0
    return value, precision, recall


def novelty(items, given, given_weight):
    """Mean weight of the truth items: 1 each, given_weight for those the instruction names."""
    if not items:
        return 0.0
    total = 0.0
    for t in by_code_point(items):
        total = total + (given_weight if t in given else 1.0)
    return total / len(items)


# ---------------------------------------------------------------------------------------------
# Markdown code: fenced blocks (``` or ~~~, CommonMark-like) and inline spans outside them


def _leading_spaces(line):
    i = 0
    while i < len(line) and line[i] == ' ':
        i += 1
    return i


def _fence_open(line):
    indent = _leading_spaces(line)
    if indent > 3 or indent >= len(line) or line[indent] not in '`~':
        return None
    char = line[indent]
    end = indent
    while end < len(line) and line[end] == char:
        end += 1
    length = end - indent
    if length < 3 or (char == '`' and '`' in line[end:]):
        return None
    return char, length, line[end:]


def _fence_closes(line, char, length):
    indent = _leading_spaces(line)
    if indent > 3:
        return False
    end = indent
    while end < len(line) and line[end] == char:
        end += 1
    if end - indent < length:
        return False
    for c in line[end:]:
        if c != ' ' and c != '\t':
            return False
    return True


def parse_code(text):
    """Returns (blocks, outside_lines): blocks as dicts {content, closed, char, length, info,
    before}, `before` being how many outside lines precede the block."""
    blocks = []
    outside = []
    current = None
    for line in text.split('\n'):
        if current is None:
            opened = _fence_open(line)
            if opened is None:
                outside.append(line)
            else:
                current = {'lines': [], 'char': opened[0], 'length': opened[1], 'info': opened[2], 'before': len(outside)}
        elif _fence_closes(line, current['char'], current['length']):
            blocks.append(_block(current, True))
            current = None
        else:
            current['lines'].append(line)
    if current is not None:
        blocks.append(_block(current, False))
    return blocks, outside


def _block(current, closed):
    return {'content': '\n'.join(current['lines']), 'closed': closed, 'char': current['char'],
            'length': current['length'], 'info': current['info'], 'before': current['before']}


# ---------------------------------------------------------------------------------------------
# File mentions


def relative_project_path(path):
    if path.startswith(CONTAINER_ROOT):
        path = path[len(CONTAINER_ROOT):]
    path = re.sub('/+', '/', path)
    while path.startswith('./'):
        path = path[2:]
    return path.strip('/')


def _path_pattern(relative_paths):
    extra = set()
    for r in relative_paths:
        for c in r:
            if c not in PATH_BASE_CHARS and c not in PATH_NEVER_CHARS and NON_BLANK.match(c):
                extra.add(c)
    chars = PATH_BASE_CHARS + ''.join(sorted(extra))
    return re.compile('[' + ''.join('\\' + c if c in '\\]^-[' else c for c in chars) + ']+')


def normalise_mention(raw):
    """(path relative to /app/project, whether it was written as a container path)."""
    m = raw.rstrip('.')
    for prefix in ('/app/project/', 'app/project/'):
        if m.startswith(prefix):
            return m[len(prefix):], True
    if m.startswith('./'):
        return m[2:], False
    return m, False


class FileResolver:
    """Names a project file by its container path (/app/project/a/b.c), its path relative to
    /app/project, a path suffix of two or more segments no other project file shares, or its
    basename when no other project file shares it. A mention is a whole path-like word: main.c
    inside main.cpp, domain.c or src/x/main.c is not a mention of main.c."""

    def __init__(self, project_files):
        relative = []
        seen = set()
        for p in project_files:
            r = relative_project_path(p)
            if r and r not in seen:
                seen.add(r)
                relative.append(r)
        self.files = relative
        owners = {}
        dirs = set()
        for i, r in enumerate(relative):
            segments = r.split('/')
            for k in range(1, len(segments) + 1):
                owners.setdefault('/'.join(segments[len(segments) - k:]), set()).add(i)
            for k in range(1, len(segments)):
                dirs.add('/'.join(segments[:k]))
        forms = {}
        for i, r in enumerate(relative):
            forms[r] = i
        for suffix, who in owners.items():
            if len(who) == 1 and suffix not in forms:
                forms[suffix] = next(iter(who))
        self.owners = owners
        self.forms = forms
        self.dirs = dirs
        self.pattern = _path_pattern(relative)

    def scan(self, text):
        """[(relative path or None, mention, kind)] in order; kind is file, ambiguous,
        fabricated (a container path naming no project file or folder) or other."""
        out = []
        for m in self.pattern.finditer(text):
            mention, in_container = normalise_mention(m.group(0))
            i = self.forms.get(mention)
            if i is not None and (not in_container or self.files[i] == mention):
                out.append((self.files[i], mention, 'file'))
            elif mention in self.owners and not in_container:
                out.append((None, mention, 'ambiguous'))
            elif in_container and mention.strip('/') and mention.strip('/') not in self.dirs:
                out.append((None, mention, 'fabricated'))
        return out

    def files_in(self, text):
        found = []
        seen = set()
        for path, _, kind in self.scan(text):
            if kind == 'file' and path not in seen:
                seen.add(path)
                found.append(path)
        return found


# ---------------------------------------------------------------------------------------------
# Metrics


def term_metric(name, answer_items, truth_items, given, limits):
    w_given = limits['instruction_term_weight']
    weight = lambda t: w_given if t in given else 1.0
    detail = {'applicable': len(truth_items) > 0, 'ground_truth_terms': len(truth_items), 'answer_terms': len(answer_items),
              'matched': by_code_point(answer_items & truth_items)[:SHOWN * 5],
              'missing_sample': by_code_point(truth_items - answer_items)[:SHOWN],
              'given': len(truth_items & given), 'precision': 0, 'recall': 0}
    if not truth_items:
        return 0.0, detail, '%s: not applicable: the ground truth has none' % name
    value, precision, recall = weighted_f1(answer_items, truth_items, weight, limits['precision_full_at'])
    detail['precision'] = round4(precision)
    detail['recall'] = round4(recall)
    reason = '%s: F1 %s (precision %s, recall %s; %d of %d ground-truth terms, %d given by the instruction or common to most tasks)' % (
        name, fmt4(value), fmt4(precision), fmt4(recall), len(answer_items & truth_items), len(truth_items),
        len(truth_items & given))
    return value, detail, reason


def file_metric(resolver, answer, relevant, given, limits):
    """F1 between the project files the answer names (plus container paths naming no project
    file) and the files the ground truth relies on; instruction-named files count less."""
    w_given = limits['instruction_term_weight']
    cited = set()
    fabricated = set()
    for path, mention, kind in resolver.scan(answer):
        if kind == 'file':
            cited.add(path)
        elif kind == 'fabricated':
            fabricated.add(mention)
    detail = {'applicable': len(relevant) > 0, 'relevant_files': len(relevant), 'cited_files': len(cited),
              'matched': [CONTAINER_ROOT + f for f in by_code_point(cited & relevant)],
              'missed': [CONTAINER_ROOT + f for f in by_code_point(relevant - cited)],
              'extra_sample': [CONTAINER_ROOT + f for f in by_code_point(cited - relevant)][:SHOWN],
              'fabricated_sample': by_code_point(fabricated)[:SHOWN], 'precision': 0, 'recall': 0}
    if not relevant:
        return 0.0, detail, 'file_references: not applicable: the ground truth names no project file'
    weight = lambda f: w_given if f in given else 1.0
    # Fabricated paths are extra citations, each a full false positive.
    cited_all = set(cited)
    for f in fabricated:
        cited_all.add('\0' + f)
    value, precision, recall = weighted_f1(cited_all, relevant, weight, 1.0)
    detail['precision'] = round4(precision)
    detail['recall'] = round4(recall)
    reason = 'file_references: F1 %s (%d of %d relevant files named; %d other project files, %d paths naming no project file)' % (
        fmt4(value), len(cited & relevant), len(relevant), len(cited - relevant), len(fabricated))
    return value, detail, reason


def file_gate(resolver, outside, relevant, given, file_novelty, limits):
    """(factor, detail, reason or None). What the instruction gives away earns no credit (the
    novelty weighting drops it), but getting it wrong still costs: on the share of the file metric
    the instruction gives away, the score is multiplied by how precise the answer's citations
    are. Files are read in the prose (a path inside quoted code is the project's text, not a
    claim); a file the instruction names that the ground truth does not rely on is neutral (the
    agent was pointed at it); a container path naming no project file is wrong. Citing nothing
    costs nothing here (and earns nothing elsewhere)."""
    full_at = limits['file_precision_gate']
    given_share = 1.0 - file_novelty if relevant else 0.0
    cited = set()
    fabricated = set()
    for path, mention, kind in resolver.scan('\n'.join(outside)):
        if kind == 'file' and (path in relevant or path not in given):
            cited.add(path)
        elif kind == 'fabricated':
            fabricated.add(mention)
    counted = len(cited) + len(fabricated)
    relied_on = len(cited & relevant)
    precision = relied_on / counted if counted else 1.0
    factor = 1.0 - given_share * (1.0 - min(1.0, precision / full_at)) if full_at > 0 and counted else 1.0
    detail = {'value': round4(factor), 'full_at': round4(full_at), 'given': round4(given_share),
              'cited_files': counted, 'relied_on': relied_on, 'precision': round4(precision)}
    reason = None
    if factor < 1:
        reason = ('file gate x%s: %d of %d files cited in the prose are ones the ground truth relies on (precision %s, '
                  'full at %s); the instruction gives away %s of the file metric') % (
            fmt4(factor), relied_on, counted, fmt4(precision), fmt4(full_at), fmt4(given_share))
    return factor, detail, reason


def truth_code_lines(truth_text):
    """Normalised lines of the ground truth's own fenced code: quoting the reference is never
    penalised (they need not be verbatim project lines)."""
    out = set()
    for block in parse_code(truth_text)[0]:
        for line in block['content'].split('\n'):
            norm = normalise_code_line(line)
            if len(norm) >= MIN_CODE_LINE_CHARS:
                out.add(norm)
    return out


def code_metric(resolver, blocks, outside, relevant, line_index, reference_lines, limits):
    """Fenced code earns credit where its lines occur in the relevant project file it is
    attributed to (named in the fence's info string, else the last project file named in the
    prose before it, else in its first line). Precision: distinct grounded lines (or lines of
    the ground truth's own code) over distinct quoted lines; recall: relevant files quoted, full
    at code_files_for_full_credit of them."""
    coverable = [f for f in by_code_point(relevant) if line_index.get(f)]
    needed = min(len(coverable), limits['code_files_for_full_credit'])
    quoted = set()
    grounded = set()
    covered = set()
    unattributed = 0
    previous_before = 0
    for block in blocks:
        target = None
        for candidate in (block['info'], '\n'.join(outside[previous_before:block['before']])):
            found = [p for p, _, kind in resolver.scan(candidate) if kind == 'file']
            if found:
                target = found[-1]
                break
        lines = block['content'].split('\n')
        if target is None and lines:
            found = [p for p, _, kind in resolver.scan(lines[0]) if kind == 'file']
            if found:
                target = found[-1]
        previous_before = block['before']
        hashes = set(line_index.get(target, [])) if target is not None and target in relevant else set()
        had_line = False
        for line in lines:
            norm = normalise_code_line(line)
            if len(norm) < MIN_CODE_LINE_CHARS:
                continue
            had_line = True
            key = (target or '') + '\0' + norm
            quoted.add(key)
            h = line_hash(norm)
            if h is not None and h in hashes:
                grounded.add(key)
                covered.add(target)
            elif norm in reference_lines:
                grounded.add(key)
        if had_line and target is None:
            unattributed += 1
    detail = {'applicable': needed > 0, 'fenced_blocks': len(blocks), 'quoted_lines': len(quoted),
              'grounded_lines': len(grounded), 'unattributed_blocks': unattributed,
              'relevant_files_quoted': [CONTAINER_ROOT + f for f in by_code_point(covered)],
              'files_for_full_credit': needed, 'precision': 0, 'recall': 0}
    if needed == 0:
        return 0.0, detail, 'code_grounding: not applicable: no relevant file has indexed lines'
    precision = len(grounded) / len(quoted) if quoted else 0.0
    recall = min(1.0, len(covered) / needed)
    full_at = limits['code_precision_full_at']
    p = min(1.0, precision / full_at) if full_at > 0 else precision
    value = 2 * p * recall / (p + recall) if p + recall > 0 else 0.0
    detail['precision'] = round4(precision)
    detail['recall'] = round4(recall)
    reason = 'code_grounding: F1 %s (%d of %d distinct quoted lines found in the relevant file they are attributed to; %d of %d files needed)' % (
        fmt4(value), len(grounded), len(quoted), len(covered), needed)
    return value, detail, reason


def combine(det, judge, judge_weight, pass_threshold):
    """(reward, continuous score): the judge blends in by its weight when it gave a score; the
    pass threshold, when set, makes the reward 1 or 0."""
    score_value = det
    if judge is not None and judge.get('status') == 'scored':
        score_value = (1 - judge_weight) * det + judge_weight * judge['score']
    reward = score_value
    if pass_threshold is not None:
        reward = 1.0 if round4(score_value) >= pass_threshold else 0.0
    return reward, score_value


def score(answer, gt, judge=None):
    """The deterministic core, mirrored by score.ts: answer text, a validated ground truth (see
    validate_ground_truth) and an optional judge outcome in; (reward.json, details) out."""
    answer = normalise_text(answer)
    truth_text = normalise_text(gt['ground_truth_text'])
    limits = gt['limits']
    weights = gt['weights']
    resolver = FileResolver(gt['project_files'])
    reference_words = gt['reference_words'] if gt['reference_words'] is not None else count_words(truth_text)
    limit = max(limits['answer_words_min'], int(math.ceil(limits['answer_words_ratio'] * reference_words)))
    words = count_words(answer)
    read, truncated = cut_words(answer, limit)
    # Given: what the instruction says, and the vocabulary most tasks' ground truths share.
    given_terms = set(gt['instruction_terms']) | set(gt['common_terms'])
    given_files = set(relative_project_path(f) for f in gt['instruction_files'])
    relevant = set(relative_project_path(f) for f in gt['relevant_files'])
    excluded = path_names(resolver.files)
    # Words and identifiers are read in the prose (fenced code is judged by grounding alone), so
    # pasted code cannot buy vocabulary.
    truth_prose = PATH_WORD.sub(' ', '\n'.join(parse_code(truth_text)[1]))
    truth_words = set(content_tokens(truth_prose))
    truth_idents = identifiers(truth_prose, excluded)
    blocks, outside = parse_code(read)
    prose = PATH_WORD.sub(' ', '\n'.join(outside))
    cw, cw_detail, cw_reason = term_metric('content_words', set(content_tokens(prose)), truth_words, given_terms, limits)
    idv, id_detail, id_reason = term_metric('identifiers', identifiers(prose, excluded), truth_idents, given_terms, limits)
    fv, f_detail, f_reason = file_metric(resolver, read, relevant, given_files, limits)
    cg, cg_detail, cg_reason = code_metric(resolver, blocks, outside, relevant, gt['line_index'],
                                          truth_code_lines(truth_text), limits)
    # Real lines pasted without an explanation (grep output) are not understanding.
    gate = limits['code_prose_gate']
    prose_best = max(cw if cw_detail['applicable'] else 1.0, idv if id_detail['applicable'] else 1.0)
    prose_factor = min(1.0, prose_best / gate) if gate > 0 else 1.0
    cg_detail['prose_factor'] = round4(prose_factor)
    cg = cg * prose_factor
    values = {'content_words': cw, 'identifiers': idv, 'file_references': fv, 'code_grounding': cg}
    details_by = {'content_words': cw_detail, 'identifiers': id_detail, 'file_references': f_detail, 'code_grounding': cg_detail}
    w_given = limits['instruction_term_weight']
    # A metric weighs less when the instruction already gives its answer away.
    novelties = {'content_words': novelty(truth_words, given_terms, w_given),
                 'identifiers': novelty(truth_idents, given_terms, w_given),
                 'file_references': novelty(relevant, given_files, w_given),
                 'code_grounding': (1.0 if gt['line_index_novel'] else w_given) if cg_detail['applicable'] else 0.0}
    reasons = []
    blank = is_blank(answer)
    if blank:
        reasons.append('the answer is empty')
    if truncated:
        reasons.append('only the first %d of %d words were read (limit: %s x the reference answer, at least %d)' % (
            limit, words, limits['answer_words_ratio'], limits['answer_words_min']))
    scaled = {}
    total = 0.0
    for m in METRICS:
        scaled[m] = weights[m] * novelties[m] if details_by[m]['applicable'] else 0.0
        total = total + scaled[m]
    effective = {}
    for m in METRICS:
        effective[m] = scaled[m] / total if total > 0 else 0.0
    skipped = [m for m in METRICS if not details_by[m]['applicable'] and weights[m] > 0]
    if skipped and total > 0:
        reasons.append('not applicable, weight spread over the others: %s' % ', '.join(skipped))
    if total <= 0:
        reasons.append('no applicable metric has a positive weight')
    det = 0.0
    for m in METRICS:
        det = det + effective[m] * values[m]
    file_factor, gate_detail, gate_reason = file_gate(resolver, outside, relevant, given_files, novelties['file_references'], limits)
    det = det * file_factor
    if gate_reason is not None:
        reasons.append(gate_reason)
    if blank:
        det = 0.0
    judge_weight = gt['judge']['weight']
    reward, score_value = combine(det, judge, judge_weight, gt['pass_threshold'])
    if blank:
        reward, score_value = 0.0, 0.0
    reasons.extend([cw_reason, id_reason, f_reason, cg_reason])
    if judge is None or judge.get('status') != 'scored':
        why = judge.get('reason') if judge is not None else 'no judge configured'
        reasons.append('judge: not used (%s); the reward is the deterministic layer' % why)
    else:
        reasons.append('judge: %s, weight %s' % (fmt4(judge['score']), fmt4(judge_weight)))
    if gt['pass_threshold'] is not None:
        reasons.append('binary reward: score %s %s pass threshold %s' % (
            fmt4(score_value), '>=' if reward == 1.0 else '<', fmt4(gt['pass_threshold'])))
    reward_json = {'reward': round4(reward)}
    details = {
        'status': 'empty_answer' if blank else 'scored',
        'reward': reward_json['reward'],
        'score': round4(score_value),
        'deterministic': round4(det),
        'pass_threshold': gt['pass_threshold'],
        'metrics': {m: round4(values[m]) for m in METRICS},
        'weights': {m: round4(weights[m]) for m in METRICS},
        'novelty': {m: round4(novelties[m]) for m in METRICS},
        'effective_weights': {m: round4(effective[m]) for m in METRICS},
        'file_gate': gate_detail,
        'judge': _judge_detail(judge, judge_weight),
        'answer_words': words,
        'words_read': min(words, limit),
        'word_limit': limit,
        'reasons': reasons,
    }
    for m in METRICS:
        details[m] = details_by[m]
    return reward_json, details


def _judge_detail(judge, weight):
    if judge is None:
        return {'status': 'off', 'reason': 'no judge configured', 'weight': round4(weight)}
    out = {'status': judge['status'], 'reason': judge.get('reason', ''), 'weight': round4(weight)}
    for key in ('score', 'model', 'attempts', 'raw'):
        if key in judge:
            out[key] = judge[key]
    return out


def compact_line(reward_json, details):
    parts = ['%s %s' % (m, fmt4(details['metrics'][m])) for m in METRICS]
    judge = details['judge']
    parts.append('judge %s' % (fmt4(judge['score']) if judge.get('status') == 'scored' else judge.get('status')))
    return 'reward %s (score %s; deterministic %s: %s)' % (reward_json['reward'], fmt4(details['score']),
                                                           fmt4(details['deterministic']), ', '.join(parts))


# ---------------------------------------------------------------------------------------------
# The judge: an OpenAI-compatible chat-completions endpoint grading against a rubric


JUDGE_ENV = ('JUDGE_BASE_URL', 'JUDGE_API_KEY', 'JUDGE_MODEL')
JUDGE_SCORE = re.compile(r'^\s*SCORE:\s*(0(?:\.[0-9]+)?|1(?:\.0+)?)\s*$', re.M)


def judge_messages(answer, gt):
    cfg = gt['judge']
    # The answer must not close the tag that marks it as data, whatever it says.
    text = normalise_text(answer).replace('</answer>', '</ answer>')
    clipped = len(text) > cfg['max_answer_chars']
    if clipped:
        text = text[:cfg['max_answer_chars']]
    user = (cfg['rubric'] + '\n\n## The answer to grade' + (' (cut at %d characters)' % cfg['max_answer_chars'] if clipped else '')
            + '\n\n<answer>\n' + text + '\n</answer>\n')
    return [{'role': 'system', 'content': cfg['system_prompt']}, {'role': 'user', 'content': user}]


def parse_judge_reply(body):
    """The score in a chat-completions reply, or raises ValueError naming what is wrong. The model
    must end with one line `SCORE: <number in 0..1>`; anything else is no score (never credit)."""
    try:
        data = json.loads(body)
    except ValueError:
        raise ValueError('the reply is not JSON')
    try:
        choice = data['choices'][0]
        content = choice['message']['content']
    except (KeyError, IndexError, TypeError):
        raise ValueError('the reply has no choices[0].message.content')
    if not isinstance(content, str):
        raise ValueError('choices[0].message.content is not a string')
    if choice.get('finish_reason') == 'content_filter' or choice['message'].get('refusal'):
        raise ValueError('the model refused')
    found = JUDGE_SCORE.findall(content)
    if len(found) != 1:
        raise ValueError('expected exactly one "SCORE: <0..1>" line, found %d' % len(found))
    value = float(found[0])
    if not 0.0 <= value <= 1.0:
        raise ValueError('score %s is outside 0..1' % found[0])
    return value, content


def run_judge(answer, gt, env, sleep=time.sleep):
    """Calls the judge when the environment names one. Never raises: a missing key, a timeout,
    a refusal or a malformed reply is a status with a reason and no score."""
    missing = [k for k in JUDGE_ENV if not env.get(k)]
    if len(missing) == len(JUDGE_ENV):
        return None
    if missing:
        return {'status': 'off', 'reason': 'judge environment incomplete: %s not set' % ', '.join(missing)}
    cfg = gt['judge']
    if cfg['weight'] <= 0:
        return {'status': 'off', 'reason': 'judge weight is 0'}
    if is_blank(normalise_text(answer)):
        return {'status': 'off', 'reason': 'the answer is empty'}
    url = env['JUDGE_BASE_URL'].rstrip('/') + '/chat/completions'
    payload = json.dumps({'model': env['JUDGE_MODEL'], 'temperature': 0, 'max_tokens': cfg['max_tokens'],
                          'messages': judge_messages(answer, gt)}).encode('utf-8')
    headers = {'Content-Type': 'application/json', 'Authorization': 'Bearer ' + env['JUDGE_API_KEY']}
    last = 'no attempt made'
    attempts = 0
    for attempt in range(cfg['retries'] + 1):
        if attempt > 0:
            sleep(cfg['backoff_sec'] * (2 ** (attempt - 1)))
        attempts += 1
        try:
            request = urllib.request.Request(url, data=payload, headers=headers, method='POST')
            with urllib.request.urlopen(request, timeout=cfg['timeout_sec']) as response:
                body = response.read(1024 * 1024).decode('utf-8', errors='replace')
        except urllib.error.HTTPError as e:
            last = 'HTTP %d from the judge' % e.code
            if e.code in (408, 409, 425, 429) or e.code >= 500:
                continue
            break
        except (urllib.error.URLError, socket.timeout, TimeoutError, ConnectionError, OSError) as e:
            last = 'cannot reach the judge: %s' % (getattr(e, 'reason', None) or e)
            continue
        try:
            value, content = parse_judge_reply(body)
        except ValueError as e:
            last = 'unusable judge reply: %s' % e
            continue
        return {'status': 'scored', 'score': value, 'model': env['JUDGE_MODEL'], 'attempts': attempts,
                'reason': 'graded by %s' % env['JUDGE_MODEL'], 'raw': content[-2000:]}
    return {'status': 'failed', 'reason': last, 'model': env['JUDGE_MODEL'], 'attempts': attempts}


# ---------------------------------------------------------------------------------------------
# Input and output


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and v not in (float('inf'), float('-inf'))


def _strings(data, key, where, default):
    value = data.get(key, default)
    if not isinstance(value, list):
        raise VerifierError('%s: /%s must be an array' % (where, key))
    for i, f in enumerate(value):
        if not isinstance(f, str):
            raise VerifierError('%s: /%s/%d must be a string' % (where, key, i))
    return value


def _numbers(data, key, where, defaults, minimum=0):
    raw = data.get(key, {})
    if not isinstance(raw, dict):
        raise VerifierError('%s: /%s must be an object' % (where, key))
    out = {}
    for name, default in defaults.items():
        v = raw.get(name, default)
        if isinstance(default, str):
            if not isinstance(v, str):
                raise VerifierError('%s: /%s/%s must be a string' % (where, key, name))
        elif not _is_number(v) or v < minimum:
            raise VerifierError('%s: /%s/%s must be a number >= %s' % (where, key, name, minimum))
        out[name] = v
    return out


def validate_ground_truth(data, where):
    if not isinstance(data, dict):
        raise VerifierError('%s: / must be an object' % where)
    text = data.get('ground_truth_text')
    if not isinstance(text, str):
        raise VerifierError('%s: /ground_truth_text must be a string' % where)
    context = _strings(data, 'context_files', where, [])
    project = _strings(data, 'project_files', where, context)
    relevant = _strings(data, 'relevant_files', where, [])
    line_index = data.get('line_index', {})
    if not isinstance(line_index, dict):
        raise VerifierError('%s: /line_index must be an object' % where)
    for f, hashes in line_index.items():
        if not isinstance(hashes, list) or not all(isinstance(h, str) for h in hashes):
            raise VerifierError('%s: /line_index/%s must be an array of strings' % (where, f))
    limits = _numbers(data, 'limits', where, DEFAULT_LIMITS)
    novel = data.get('line_index_novel', True)
    if not isinstance(novel, bool):
        raise VerifierError('%s: /line_index_novel must be a boolean' % where)
    if limits['instruction_term_weight'] > 1:
        raise VerifierError('%s: /limits/instruction_term_weight must be at most 1' % where)
    threshold = data.get('pass_threshold')
    if threshold is not None and (not _is_number(threshold) or threshold < 0 or threshold > 1):
        raise VerifierError('%s: /pass_threshold must be null or a number in 0..1' % where)
    reference = data.get('reference_words')
    if reference is not None and (not _is_number(reference) or reference < 0):
        raise VerifierError('%s: /reference_words must be null or a non-negative number' % where)
    judge = _numbers(data, 'judge', where, DEFAULT_JUDGE)
    if judge['weight'] > 1:
        raise VerifierError('%s: /judge/weight must be at most 1' % where)
    return {'id': data.get('id'), 'ground_truth_text': text, 'context_files': context,
            'project_files': project, 'relevant_files': relevant, 'line_index': line_index,
            'line_index_novel': novel,
            'instruction_terms': _strings(data, 'instruction_terms', where, []),
            'common_terms': _strings(data, 'common_terms', where, []),
            'instruction_files': _strings(data, 'instruction_files', where, []),
            'weights': _numbers(data, 'weights', where, DEFAULT_WEIGHTS), 'limits': limits,
            'pass_threshold': threshold, 'reference_words': reference, 'judge': judge}


def load_ground_truth(path):
    try:
        with open(path, 'rb') as f:
            raw = f.read()
    except OSError as e:
        raise VerifierError('cannot read ground truth %s: %s' % (path, e.strerror or e))
    try:
        data = json.loads(raw.decode('utf-8'))
    except (UnicodeDecodeError, ValueError) as e:
        raise VerifierError('%s is not valid JSON: %s' % (path, e))
    return validate_ground_truth(data, path)


def read_answer(path):
    """The answer text, or None with a reason when there is none to read."""
    try:
        with open(path, 'rb') as f:
            return f.read().decode('utf-8', errors='replace'), None
    except FileNotFoundError:
        return None, 'no answer file at %s' % path
    except OSError as e:
        return None, 'cannot read the answer %s: %s' % (path, e.strerror or e)


def _write_atomic(path, text):
    tmp = '%s.tmp-%d' % (path, os.getpid())
    with open(tmp, 'w', encoding='utf-8', newline='\n') as f:
        f.write(text)
    os.replace(tmp, path)


def write_outputs(out_dir, reward_json, details):
    _write_atomic(os.path.join(out_dir, 'reward-details.json'), json.dumps(details, indent=2, ensure_ascii=False) + '\n')
    _write_atomic(os.path.join(out_dir, 'reward.txt'), '%s\n' % reward_json['reward'])
    _write_atomic(os.path.join(out_dir, 'reward.json'), json.dumps(reward_json, indent=2) + '\n')


def parse_args(argv):
    logs = os.environ.get('LOGS_DIR') or '/logs'
    tests = os.environ.get('TESTS_DIR') or '/tests'
    parser = argparse.ArgumentParser(description='Score an answer against a LoCoBench ground truth.')
    parser.add_argument('--solution', default=os.path.join(logs, 'agent', 'solution.md'))
    parser.add_argument('--ground-truth', default=os.path.join(tests, 'ground_truth.json'))
    parser.add_argument('--output-dir', default=os.path.join(logs, 'verifier'))
    parser.add_argument('--batch', metavar='JOBS_JSON',
                        help='score many answers in one process without a judge: a JSON array of '
                             '{"id", "answer_file"} scored against --ground-truth; prints one JSON line each')
    return parser.parse_args(argv)


def batch(args):
    """Calibration's cheap path: one process, one ground truth, many answers, no files written."""
    try:
        gt = load_ground_truth(args.ground_truth)
        with open(args.batch, 'rb') as f:
            jobs = json.loads(f.read().decode('utf-8'))
        if not isinstance(jobs, list):
            raise VerifierError('%s: / must be an array' % args.batch)
    except (VerifierError, OSError, ValueError) as e:
        print('verify.py: error: %s' % e, file=sys.stderr)
        return 1
    for i, job in enumerate(jobs):
        if not isinstance(job, dict) or not isinstance(job.get('answer_file'), str):
            print('verify.py: error: %s: /%d/answer_file must be a string' % (args.batch, i), file=sys.stderr)
            return 1
        answer, missing = read_answer(job['answer_file'])
        reward_json, details = score(answer if answer is not None else '', gt)
        print(json.dumps({'id': job.get('id'), 'reward': reward_json['reward'], 'score': details['score'],
                          'deterministic': details['deterministic'], 'metrics': details['metrics'],
                          'status': 'missing_answer' if missing else details['status']}))
    return 0


def main(argv=None, env=None):
    args = parse_args(argv)
    if args.batch:
        return batch(args)
    env = os.environ if env is None else env
    files = {'answer': args.solution, 'ground_truth': args.ground_truth}
    try:
        os.makedirs(args.output_dir, exist_ok=True)
        write_outputs(args.output_dir, {'reward': 0}, {'status': 'started', 'reward': 0, 'files': files,
                                                        'reasons': ['the verifier started and did not finish']})
    except OSError as e:
        print('verify.py: cannot write to %s: %s' % (args.output_dir, e), file=sys.stderr)
        return 1
    try:
        gt = load_ground_truth(args.ground_truth)
        answer, missing = read_answer(args.solution)
        judge = run_judge(answer or '', gt, env)
        reward_json, details = score(answer if answer is not None else '', gt, judge)
        if missing is not None:
            details['status'] = 'missing_answer'
            details['reasons'] = [missing]
        details['files'] = files
    except VerifierError as e:
        return _fail(args.output_dir, files, str(e))
    except Exception as e:  # a verifier bug: keep the zero reward, say so loudly
        traceback.print_exc()
        return _fail(args.output_dir, files, 'verifier crashed: %s: %s' % (type(e).__name__, e))
    write_outputs(args.output_dir, reward_json, details)
    print(compact_line(reward_json, details))
    for reason in details['reasons']:
        print('  ' + reason)
    return 0


def _fail(out_dir, files, message):
    print('verify.py: error: ' + message, file=sys.stderr)
    details = {'status': 'error', 'reward': 0, 'files': files, 'reasons': [message], 'error': message}
    write_outputs(out_dir, {'reward': 0}, details)
    return 1


if __name__ == '__main__':
    sys.exit(main())
