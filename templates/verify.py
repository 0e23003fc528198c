#!/usr/bin/env python3
"""Scores an agent's answer against a LoCoBench task's ground truth.

Reads $LOGS_DIR/agent/solution.md and $TESTS_DIR/ground_truth.json (defaults /logs and /tests;
--solution, --ground-truth and --output-dir override) and writes, under $LOGS_DIR/verifier/:
reward.json (a flat object of numbers: reward plus one key per metric), reward.txt (the reward
alone) and reward-details.json (what matched, what did not, and why). A zero reward is written
before anything else, so a crash still leaves a reward.

Python 3 standard library only. scripts/verifier/score.ts is a TypeScript twin that must give
identical numbers: every rule below is written so that both languages agree (ASCII-only regex
classes and lower-casing, an explicit whitespace set, sequential float sums, Python's round).
"""
import argparse
import json
import os
import re
import sys
import traceback

METRICS = ('keyword_overlap', 'file_references', 'code_blocks', 'length_score')
DEFAULT_WEIGHTS = {'keyword_overlap': 0.5, 'file_references': 0.2, 'code_blocks': 0.2, 'length_score': 0.1}
LENGTH_TARGET_WORDS = 100
# Naming half of the context files earns full credit, as in the original verifier: context lists
# hold 70-90 files and many of them (LICENSE, CONTRIBUTING.md) are marginal to the question.
FILE_SHARE_FOR_FULL_CREDIT = 0.5
CONTAINER_ROOT = '/app/project/'
MISSING_PAIRS_SHOWN = 20

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
NON_BLANK = re.compile('[^' + _WS + ']')
TOKEN = re.compile('[a-z0-9]+(?:_+[a-z0-9]+)*')
_ASCII_LOWER = {c: c + 32 for c in range(65, 91)}
PATH_BASE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-/'
# Characters that end a path mention even when a context path contains them.
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
    n = 0
    for _ in WORD.finditer(text):
        n += 1
    return n


def iter_tokens(text):
    for m in TOKEN.finditer(text.translate(_ASCII_LOWER)):
        yield m.group(0)


def iter_content_tokens(text):
    for t in iter_tokens(text):
        if len(t) > 2 and t not in STOP_WORDS:
            yield t


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
    return char, length


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
    """Returns (blocks, outside_lines): blocks as dicts {content, closed, char, length}."""
    blocks = []
    outside = []
    current = None
    for line in text.split('\n'):
        if current is None:
            opened = _fence_open(line)
            if opened is None:
                outside.append(line)
            else:
                current = {'lines': [], 'char': opened[0], 'length': opened[1]}
        elif _fence_closes(line, current['char'], current['length']):
            blocks.append({'content': '\n'.join(current['lines']), 'closed': True,
                           'char': current['char'], 'length': current['length']})
            current = None
        else:
            current['lines'].append(line)
    if current is not None:
        blocks.append({'content': '\n'.join(current['lines']), 'closed': False,
                       'char': current['char'], 'length': current['length']})
    return blocks, outside


def _backtick_runs(line):
    runs = []
    i = 0
    while i < len(line):
        if line[i] == '`':
            start = i
            while i < len(line) and line[i] == '`':
                i += 1
            runs.append((start, i - start))
        else:
            i += 1
    return runs


def inline_spans(line):
    """Contents of `code` spans in one line: a run of n backticks closed by the next run of n."""
    spans = []
    runs = _backtick_runs(line)
    k = 0
    while k < len(runs):
        start, length = runs[k]
        close = k + 1
        while close < len(runs) and runs[close][1] != length:
            close += 1
        if close < len(runs):
            spans.append(line[start + length:runs[close][0]])
            k = close + 1
        else:
            k += 1
    return spans


# ---------------------------------------------------------------------------------------------
# Metrics


def keyword_metric(answer, truth_text):
    """Half term coverage, half phrase coverage: the share of the ground truth's distinct content
    words the answer uses, and the share of its distinct pairs of consecutive content words the
    answer also has as consecutive content words. A bag of the right words in any order earns the
    first half only."""
    truth_words = set()
    truth_pairs = set()
    pair_order = []
    previous = None
    for t in iter_content_tokens(truth_text):
        truth_words.add(t)
        if previous is not None:
            pair = previous + ' ' + t
            if pair not in truth_pairs:
                truth_pairs.add(pair)
                pair_order.append(pair)
        previous = t
    matched_words = set()
    matched_pairs = set()
    previous = None
    for t in iter_content_tokens(answer):
        if t in truth_words:
            matched_words.add(t)
        if previous is not None:
            pair = previous + ' ' + t
            if pair in truth_pairs:
                matched_pairs.add(pair)
        previous = t
    detail = {
        'applicable': len(truth_words) > 0,
        'ground_truth_keywords': len(truth_words),
        'matched_keywords': by_code_point(matched_words),
        'missing_keywords': by_code_point(truth_words - matched_words),
        'keyword_recall': 0,
        'ground_truth_pairs': len(truth_pairs),
        'matched_pairs': len(matched_pairs),
        'pair_recall': 0,
        'missing_pairs_sample': [p for p in pair_order if p not in matched_pairs][:MISSING_PAIRS_SHOWN],
    }
    if not truth_words:
        return 0.0, detail, 'keyword_overlap: not applicable: the ground truth has no keywords'
    word_recall = len(matched_words) / len(truth_words)
    if truth_pairs:
        pair_recall = len(matched_pairs) / len(truth_pairs)
        value = (word_recall + pair_recall) / 2
    else:
        pair_recall = word_recall
        value = word_recall
    detail['keyword_recall'] = round4(word_recall)
    detail['pair_recall'] = round4(pair_recall)
    reason = ('keyword_overlap: %d of %d ground-truth keywords (%s) and %d of %d consecutive keyword '
              'pairs (%s)' % (len(matched_words), len(truth_words), fmt4(word_recall),
                              len(matched_pairs), len(truth_pairs), fmt4(pair_recall)))
    return value, detail, reason


def relative_context_path(path):
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


def file_metric(answer, context_files):
    """A context file counts as referenced when the answer names it by its container path
    (/app/project/a/b.c), its path relative to /app/project, a path suffix of two or more segments
    that no other context file shares, or its basename when no other context file shares it. A
    mention is a whole path-like word: main.c inside main.cpp, domain.c or src/x/main.c is not
    a mention of main.c."""
    relative = []
    seen = set()
    for p in context_files:
        r = relative_context_path(p)
        if r and r not in seen:
            seen.add(r)
            relative.append(r)
    detail = {'applicable': len(relative) > 0, 'context_files': len(relative), 'referenced': [],
              'unreferenced': [], 'ambiguous_mentions': []}
    if not relative:
        return 0.0, detail, 'file_references: not applicable: the task lists no context files'
    owners = {}
    for i, r in enumerate(relative):
        segments = r.split('/')
        for k in range(1, len(segments) + 1):
            owners.setdefault('/'.join(segments[len(segments) - k:]), set()).add(i)
    forms = {}
    for i, r in enumerate(relative):
        forms[r] = i
    for suffix, who in owners.items():
        if len(who) == 1 and suffix not in forms:
            forms[suffix] = next(iter(who))
    first_mention = {}
    ambiguous = set()
    for m in _path_pattern(relative).finditer(answer):
        mention, in_container = normalise_mention(m.group(0))
        i = forms.get(mention)
        if i is not None and (not in_container or relative[i] == mention):
            first_mention.setdefault(i, mention)
        elif mention in owners and not in_container:
            ambiguous.add(mention)
    for i, r in enumerate(relative):
        if i in first_mention:
            detail['referenced'].append({'file': CONTAINER_ROOT + r, 'mention': first_mention[i]})
        else:
            detail['unreferenced'].append(CONTAINER_ROOT + r)
    detail['ambiguous_mentions'] = by_code_point(ambiguous)
    count = len(first_mention)
    value = min(1.0, count / (len(relative) * FILE_SHARE_FOR_FULL_CREDIT))
    reason = 'file_references: %d of %d context files named (full credit at %s of them)' % (
        count, len(relative), fmt4(FILE_SHARE_FOR_FULL_CREDIT))
    if ambiguous:
        reason += '; %d mentions match several context files and count for none' % len(ambiguous)
    return value, detail, reason


def code_metric(answer, truth_keywords):
    """1.0 for a non-empty fenced block that shares a ground-truth keyword (any non-empty block when
    the ground truth has none), 0.5 for other non-empty fenced blocks or non-empty inline code
    spans only, 0 otherwise: an empty fence earns nothing."""
    blocks, outside = parse_code(answer)
    non_empty = 0
    relevant = 0
    for block in blocks:
        if is_blank(block['content']):
            continue
        non_empty += 1
        if not truth_keywords:
            relevant += 1
            continue
        for t in iter_content_tokens(block['content']):
            if t in truth_keywords:
                relevant += 1
                break
    spans = 0
    for line in outside:
        for span in inline_spans(line):
            if not is_blank(span):
                spans += 1
    detail = {'fenced_blocks': len(blocks), 'empty_fenced_blocks': len(blocks) - non_empty,
              'relevant_fenced_blocks': relevant, 'inline_code_spans': spans}
    if relevant:
        return 1.0, detail, 'code_blocks: %d non-empty fenced blocks, %d with ground-truth keywords' % (non_empty, relevant)
    if non_empty:
        return 0.5, detail, 'code_blocks: %d non-empty fenced blocks, none with a ground-truth keyword' % non_empty
    if spans:
        return 0.5, detail, 'code_blocks: no non-empty fenced block; %d inline code spans' % spans
    empty = len(blocks) - non_empty
    return 0.0, detail, 'code_blocks: no code (%d empty fenced blocks earn nothing)' % empty


def length_metric(answer):
    words = count_words(answer)
    value = min(1.0, words / LENGTH_TARGET_WORDS)
    return value, {'words': words, 'target_words': LENGTH_TARGET_WORDS}, 'length_score: %d words (full credit at %d)' % (words, LENGTH_TARGET_WORDS)


def truth_keyword_set(truth_text):
    return set(iter_content_tokens(truth_text))


def score(answer, gt):
    """The scoring core, mirrored by score.ts: answer text and a validated ground-truth object
    (see load_ground_truth) in, (flat reward object, details) out."""
    answer = normalise_text(answer)
    truth_text = normalise_text(gt['ground_truth_text'])
    weights = gt['weights']
    kw, kw_detail, kw_reason = keyword_metric(answer, truth_text)
    files, files_detail, files_reason = file_metric(answer, gt['context_files'])
    code, code_detail, code_reason = code_metric(answer, truth_keyword_set(truth_text))
    length, length_detail, length_reason = length_metric(answer)
    values = {'keyword_overlap': kw, 'file_references': files, 'code_blocks': code, 'length_score': length}
    applicable = {'keyword_overlap': kw_detail['applicable'], 'file_references': files_detail['applicable'],
                  'code_blocks': True, 'length_score': True}
    reasons = []
    blank = is_blank(answer)
    if blank:
        reasons.append('the answer is empty')
    total = 0.0
    for m in METRICS:
        if applicable[m]:
            total = total + weights[m]
    effective = {}
    for m in METRICS:
        effective[m] = weights[m] / total if applicable[m] and total > 0 else 0.0
    skipped = [m for m in METRICS if not applicable[m] and weights[m] > 0]
    if skipped and total > 0:
        reasons.append('weight of %s spread over the other metrics in proportion' % ', '.join(skipped))
    if total <= 0:
        reasons.append('no applicable metric has a positive weight')
    reward = 0.0
    for m in METRICS:
        reward = reward + effective[m] * values[m]
    if blank:
        reward = 0.0
    reasons.extend([kw_reason, files_reason, code_reason, length_reason])
    reward_json = {'reward': round4(reward)}
    for m in METRICS:
        reward_json[m] = round4(values[m])
    details = {
        'status': 'empty_answer' if blank else 'scored',
        'reward': reward_json['reward'],
        'metrics': {m: reward_json[m] for m in METRICS},
        'weights': {m: round4(weights[m]) for m in METRICS},
        'effective_weights': {m: round4(effective[m]) for m in METRICS},
        'reasons': reasons,
        'keyword_overlap': kw_detail,
        'file_references': files_detail,
        'code_blocks': code_detail,
        'length_score': length_detail,
    }
    return reward_json, details


# ---------------------------------------------------------------------------------------------
# Input and output


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and v not in (float('inf'), float('-inf'))


def validate_ground_truth(data, where):
    if not isinstance(data, dict):
        raise VerifierError('%s: / must be an object' % where)
    text = data.get('ground_truth_text')
    if not isinstance(text, str):
        raise VerifierError('%s: /ground_truth_text must be a string' % where)
    files = data.get('context_files', [])
    if not isinstance(files, list):
        raise VerifierError('%s: /context_files must be an array' % where)
    for i, f in enumerate(files):
        if not isinstance(f, str):
            raise VerifierError('%s: /context_files/%d must be a string' % (where, i))
    raw_weights = data.get('weights', {})
    if not isinstance(raw_weights, dict):
        raise VerifierError('%s: /weights must be an object' % where)
    weights = {}
    for m in METRICS:
        w = raw_weights.get(m, DEFAULT_WEIGHTS[m])
        if not _is_number(w) or w < 0:
            raise VerifierError('%s: /weights/%s must be a non-negative number' % (where, m))
        weights[m] = w
    return {'id': data.get('id'), 'ground_truth_text': text, 'context_files': files, 'weights': weights}


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


def zero_reward():
    reward = {'reward': 0}
    for m in METRICS:
        reward[m] = 0
    return reward


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
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    files = {'answer': args.solution, 'ground_truth': args.ground_truth}
    try:
        os.makedirs(args.output_dir, exist_ok=True)
        write_outputs(args.output_dir, zero_reward(), {'status': 'started', 'reward': 0, 'files': files,
                                                       'reasons': ['the verifier started and did not finish']})
    except OSError as e:
        print('verify.py: cannot write to %s: %s' % (args.output_dir, e), file=sys.stderr)
        return 1
    try:
        gt = load_ground_truth(args.ground_truth)
        answer, missing = read_answer(args.solution)
        reward_json, details = score(answer if answer is not None else '', gt)
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
    print('reward %s (%s)' % (reward_json['reward'], ', '.join('%s %s' % (m, reward_json[m]) for m in METRICS)))
    for reason in details['reasons']:
        print('  ' + reason)
    return 0


def _fail(out_dir, files, message):
    print('verify.py: error: ' + message, file=sys.stderr)
    details = {'status': 'error', 'reward': 0, 'files': files, 'reasons': [message], 'error': message}
    write_outputs(out_dir, zero_reward(), details)
    return 1


if __name__ == '__main__':
    sys.exit(main())
