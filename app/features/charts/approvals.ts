import { readingInfo } from '../../../shared/readings';
import { openStart, type ApprovalLevel, type ApprovalSpan } from '../../../worker/contracts/quality';

/** An approval range as drawn: epoch ms (end excluded), its level's name and colour (#rrggbb). */
export interface ApprovalBand {
  from: number;
  to: number;
  name: string;
  colour: string;
}

/** The code whose approval a code follows: a derived code's is its level's. */
export const approvalCode = (code: string) => {
  const info = readingInfo(code);
  return info && 'derived' in info ? info.derived.from : code;
};

/** A code's approval ranges with their levels' names and colours, as the chart draws them (an open start from the beginning). */
export function approvalBands(
  { approvals, approval_levels: levels = [] }: { approvals?: Record<string, ApprovalSpan[]>; approval_levels?: ApprovalLevel[] },
  code: string,
): ApprovalBand[] {
  return (approvals?.[approvalCode(code)] ?? []).flatMap((span) => {
    const level = levels.find((l) => l.id === span.level);
    return level ? [{ from: span.from ?? openStart, to: span.to, name: level.name, colour: level.colour }] : [];
  });
}
