import type lighthouse from "lighthouse";
export type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
export interface LighthouseRig {
  base: string;
  port: number;
  stop(): Promise<void>;
}
export const CATEGORIES: readonly ["performance", "accessibility", "best-practices", "seo"];
export function startLighthouseRig(options?: { buildDir?: string }): Promise<LighthouseRig>;
export function settle(): Promise<string>;
export function auditOnce(rig: LighthouseRig, url: string): Promise<LighthouseResult>;
export function auditPage(
  rig: LighthouseRig,
  path: string,
  runs?: number,
): Promise<{ url: string; idle: string; runs: LighthouseResult[]; median: LighthouseResult }>;
export function figures(lhr: LighthouseResult): {
  performance: number | null;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  domElements: number;
  benchmarkIndex: number;
};
