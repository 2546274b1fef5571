/** Q = C · (h − e)^b at stage h, none at or below the stage of zero flow e: a power-law rating segment. */
export function powerLaw(
  { offset, coefficient, exponent }: { offset: number; coefficient: number; exponent: number },
  stage: number,
): number {
  const depth = stage - offset;
  return depth <= 0 ? 0 : coefficient * Math.pow(depth, exponent);
}
