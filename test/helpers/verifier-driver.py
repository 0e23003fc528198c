"""Test-only driver around templates/verify.py (never shipped in a task).

  python3 verifier-driver.py score VERIFY_PY < cases.json   -> results of verify.score per case
  python3 verifier-driver.py crash VERIFY_PY [verify args]  -> verify.main with score() raising
"""
import importlib.util
import json
import sys

# Importing templates/verify.py must not leave a __pycache__ in templates/ (a generate input).
sys.dont_write_bytecode = True


def load(path):
    spec = importlib.util.spec_from_file_location('verify_under_test', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def score_batch(verify):
    request = json.load(sys.stdin)
    results = []
    for case in request['cases']:
        gt = verify.validate_ground_truth(case['gt'], 'case')
        reward_json, details = verify.score(case['answer'], gt, case.get('judge'))
        results.append({'reward_json': reward_json, 'details': details})
    out = {
        'results': results,
        'rounds': [verify.round4(x) for x in request.get('rounds', [])],
        'stop_words': sorted(verify.STOP_WORDS),
    }
    json.dump(out, sys.stdout)


def crash(verify, argv):
    def boom(*args):
        raise RuntimeError('simulated crash inside scoring')
    verify.score = boom
    return verify.main(argv)


if __name__ == '__main__':
    mode, verify_path = sys.argv[1], sys.argv[2]
    verify = load(verify_path)
    if mode == 'score':
        score_batch(verify)
    else:
        sys.exit(crash(verify, sys.argv[3:]))
