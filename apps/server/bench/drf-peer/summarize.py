#!/usr/bin/env python3
"""summarize.py RESULTS_DIR: the markdown tables of one bench.sh run (medians over rounds, ratios)."""
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

out = Path(sys.argv[1])
runs = [json.loads(line) for line in (out / 'runs.jsonl').read_text().splitlines() if line.strip()]
seq = [json.loads(line) for line in (out / 'sequential.jsonl').read_text().splitlines() if line.strip()]
svc_file = out / 'service.jsonl'
svc = [json.loads(line) for line in svc_file.read_text().splitlines() if line.strip()] if svc_file.exists() else []

CASE_LABELS = {
    'a': 'a. steam accounts, page 1 of 100',
    'b': 'b. history, market=tm&side=sell, ordering=-date, page 300 of 100',
    'c': 'c. market toys, market=tm&search=AK-47, page 1 of 100',
    'e1': 'e1. stats-by-date (no filter; defaults RUB, normal)',
    'e2': 'e2. avg-stats-by-name, POST {}',
    'f': 'f. market accounts, page 1 of 100',
}
SERVER_LABELS = {
    'toydesk': 'toydesk (1 Node process)',
    'raw': 'raw limit (node:http + pg, same SQL)',
    'drf-1w': 'DRF, gunicorn 1 sync worker',
    'drf-3w': 'DRF, gunicorn 3 sync workers',
    'drf-5w': 'DRF, gunicorn 5 sync workers',
    'drf-1w-sum': 'DRF on the summary tables, 1 worker',
    'drf-3w-sum': 'DRF on the summary tables, 3 workers',
    'drf-5w-sum': 'DRF on the summary tables, 5 workers',
}
med = statistics.median

by = defaultdict(list)
for r in runs:
    by[(r['case'], r['server'])].append(r)

print('## Load: wrk -t1 -c8, medians over rounds\n')
print('| case | server | req/s (median) | req/s per round | p50 ms | p99 ms | errors | toydesk ÷ this (req/s) |')
print('| --- | --- | ---: | --- | ---: | ---: | ---: | ---: |')
for case in CASE_LABELS:
    servers = [s for (c, s) in by if c == case]
    order = [s for s in SERVER_LABELS if s in servers]
    td = med([r['rps'] for r in by[(case, 'toydesk')]]) if (case, 'toydesk') in by else None
    for s in order:
        rs = sorted(by[(case, s)], key=lambda r: r['round'])
        rps = med([r['rps'] for r in rs])
        errors = sum(r['err_connect'] + r['err_read'] + r['err_write'] + r['err_status'] + r['err_timeout']
                     for r in rs)
        ratio = '' if s == 'toydesk' or not td else (f'{td / rps:.2f}' if rps else 'n/a (0 done)')
        per_round = ', '.join('%.1f' % r['rps'] for r in rs)
        print(f'| {CASE_LABELS[case]} | {SERVER_LABELS[s]} | {rps:.1f} | '
              f'{per_round} | {med([r["p50_ms"] for r in rs]):.1f} | '
              f'{med([r["p99_ms"] for r in rs]):.1f} | {errors} | {ratio} |')

if svc:
    print('\n## One client, sequential requests: latency without queueing, CPU per request (medians over rounds)\n')
    print('CPU is utime+stime of the server processes (app) and of the PostgreSQL backends serving them (pg), '
          'per request; it does not depend on how busy the rest of the machine is the way wall time does.\n')
    print('| case | server | requests | median latency ms | app CPU ms/req | pg CPU ms/req | app+pg ms/req | '
          'this ÷ toydesk (app CPU) |')
    print('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |')
    sv = defaultdict(list)
    for r in svc:
        sv[(r['case'], r['server'])].append(r)
    for case in CASE_LABELS:
        present = [s for s in SERVER_LABELS if (case, s) in sv]
        def app_ms(s):
            return med([r['app_cpu_ms'] / r['n'] for r in sv[(case, s)]])
        td_app = app_ms('toydesk') if 'toydesk' in present else None
        for s in present:
            rs = sv[(case, s)]
            bad = {c for r in rs for c in r['codes'].split() if c != '200'}
            lat = med([med(r['times_s']) for r in rs]) * 1000
            a = app_ms(s)
            pgc = med([r['pg_cpu_ms'] / r['n'] for r in rs])
            ratio = '' if s == 'toydesk' or not td_app else f'{a / td_app:.1f}'
            print(f'| {CASE_LABELS[case]} | {SERVER_LABELS[s]} | {sum(r["n"] for r in rs)} | {lat:.1f} | '
                  f'{a:.1f} | {pgc:.1f} | {a + pgc:.1f} | {ratio}{" (non-200: " + ",".join(bad) + ")" if bad else ""} |')

print('\n## d. steam accounts, page_size=999999 (all 5,030 in one answer), sequential requests\n')
print('| server | median s (all rounds) | max s | per-round medians | app / pg CPU ms per request | answer bytes | process RSS before → peak (MB) |')
print('| --- | ---: | ---: | --- | --- | ---: | --- |')
sby = defaultdict(list)
for r in seq:
    sby[r['server']].append(r)
td_med = None
for s in ['toydesk', 'drf-1w', 'drf-3w', 'drf-5w']:
    rs = sby.get(s, [])
    if not rs:
        continue
    times = [t for r in rs for t in r['times_s']]
    sizes = sorted({sb.split()[1] for r in rs for sb in
                    [' '.join(r['status_bytes'].split()[i:i + 2]) for i in range(0, len(r['status_bytes'].split()), 2)]})
    statuses = {sb for r in rs for sb in r['status_bytes'].split()[0::2]}
    peaks = defaultdict(lambda: [1e9, 0])
    for r in rs:
        for pid, v in r['rss'].items():
            peaks[pid][0] = min(peaks[pid][0], v['start_mb'])
            peaks[pid][1] = max(peaks[pid][1], v['peak_mb'])
    rss = '; '.join(f'pid {p}: {a:.0f} → {b:.0f}' for p, (a, b) in peaks.items())
    if s != 'toydesk':
        total = sum(b for _, b in peaks.values())
        rss += f' (sum of peaks {total:.0f})'
    if s == 'toydesk':
        td_med = med(times)
    per_round = ', '.join('%.3f' % med(r['times_s']) for r in sorted(rs, key=lambda r: r['round']))
    if all('app_cpu_ms' in r for r in rs):
        cpu = '%.0f / %.0f' % (med([r['app_cpu_ms'] / len(r['times_s']) for r in rs]),
                               med([r['pg_cpu_ms'] / len(r['times_s']) for r in rs]))
    else:
        cpu = 'n/a'
    print(f'| {SERVER_LABELS[s]} | {med(times):.3f} | {max(times):.3f} | '
          f'{per_round} | {cpu} | '
          f'{"/".join(sizes)} (status {",".join(sorted(statuses))}) | {rss} |')
if td_med:
    for s in ['drf-1w', 'drf-3w', 'drf-5w']:
        if sby.get(s):
            print(f'\nDRF ({s}) median ÷ toydesk median: '
                  f'{med([t for r in sby[s] for t in r["times_s"]]) / td_med:.2f}')

print('\n## Load average (1, 5, 15 min) when each run started\n')
rounds = sorted({r['round'] for r in runs})
for rd in rounds:
    loads = [float(r['load'].split()[0]) for r in runs if r['round'] == rd]
    print(f'- round {rd}: 1-min load from {min(loads):.2f} to {max(loads):.2f} over its {len(loads)} load runs '
          f'(median {med(loads):.2f})')
