/**
 * The map's height, given to the map and to whatever stands in while its chunk loads: tall (SPEC §9: 800 px) but
 * never taller than the window below the sticky top bar, so every marker can be seen at once.
 */
export const stationMapHeight = 'h-[360px] md:h-[clamp(360px,calc(100svh-8rem),800px)]';
