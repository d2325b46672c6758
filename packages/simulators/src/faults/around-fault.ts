import type { Fault, FaultSpecBase } from './fault-store.ts';
import type { SlowAnswers } from './slow-answers.ts';

/**
 * Where a fault the store handed out acts, alike in every simulator: `before` answers with the fault instead
 * of the call; `after` lets the call change the state first and then answers with the fault. A `slow` fault
 * answers nothing itself: it waits `delayMs` (default 15 s) before or after the call, which then answers.
 */
export async function aroundFault<Spec extends FaultSpecBase, Outcome>(
  fault: Fault<Spec> | null,
  slow: SlowAnswers,
  failWith: (fault: Fault<Spec>) => Outcome,
  call: () => Promise<Outcome>,
): Promise<Outcome> {
  if (fault?.phase === 'before') {
    if (fault.kind !== 'slow') return failWith(fault);
    await slow.wait(fault.delayMs ?? 15_000);
  }
  const outcome = await call();
  if (fault?.phase === 'after') {
    if (fault.kind !== 'slow') return failWith(fault);
    await slow.wait(fault.delayMs ?? 15_000);
  }
  return outcome;
}
