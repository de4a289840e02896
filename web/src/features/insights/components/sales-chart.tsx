import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import type { SalesSeries } from '../api/stats-types';
import { dayMs, type Bucket } from '../dashboard-state';
import { axisLabel, bucketLabel, compactTaka, formatTaka, type Words } from '../figures';
import { insightsMessages } from '../messages/insights';

/** The chart's height for its width: half as tall as wide, between a phone's 220 px and 320 px. */
const heightFor = (width: number) => Math.round(Math.min(320, Math.max(220, width * 0.5)));

const dayOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function chartOptions(UPlot: typeof uPlot, bucket: Bucket, width: number, words: Words): uPlot.Options {
  const { t, lang } = words;
  const money = (_u: uPlot, value: number | null) => (value === null ? '–' : formatTaka(value, lang));
  return {
    width,
    height: heightFor(width),
    // The buckets are Dhaka days; drawn as UTC dates, so that the axis never shifts them by the viewer's zone.
    tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false } },
    legend: { live: true },
    scales: { y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 100] } },
    series: [
      {
        label: t(bucket === 'month' ? 'insights.bucket.month' : bucket === 'week' ? 'insights.chart.weekOf' : 'insights.bucket.day'),
        value: (_u, v) => (v === null ? '–' : bucketLabel(dayOfSeconds(v), bucket, words)),
      },
      { label: t('insights.card.confirmedRevenue'), stroke: '#3730a3', fill: 'rgb(55 48 163 / 0.1)', width: 2, points: { size: 5 }, value: money },
      { label: t('insights.card.pending'), stroke: '#b45309', dash: [6, 4], width: 2, points: { show: false }, value: money },
    ],
    axes: [
      { values: (_u, splits) => splits.map((s) => axisLabel(dayOfSeconds(s), bucket, lang)), stroke: '#4b4a63', grid: { stroke: '#e2e2ee' } },
      { values: (_u, splits) => splits.map((s) => compactTaka(s, words)), size: lang === 'bn' ? 72 : 56, stroke: '#4b4a63', grid: { stroke: '#e2e2ee' } },
    ],
  };
}

/**
 * Confirmed revenue (and Pending, dashed) of each bucket, drawn by uPlot: ~20 kB gzipped, fetched
 * with this page only (decision 036). The chart follows its box's width (a phone's too). To a screen
 * reader it is one picture named by `summary`; the table under it holds every number.
 */
export function SalesChart({ series, summary }: { series: SalesSeries; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const t = useT(insightsMessages);
  const lang = useLanguage();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    const data: uPlot.AlignedData = [
      series.buckets.map((b) => dayMs(b.start) / 1000),
      series.buckets.map((b) => b.confirmed.amount),
      series.buckets.map((b) => b.pending.amount),
    ];
    import('uplot')
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        setFailed(false);
        plot = new UPlot(chartOptions(UPlot, series.bucket, element.clientWidth, { t, lang }), data, element);
        observer = new ResizeObserver(() => {
          const width = element.clientWidth;
          if (plot && width > 0 && width !== plot.width) plot.setSize({ width, height: heightFor(width) });
        });
        observer.observe(element);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [series, t, lang]);

  return (
    <>
      <div ref={box} className="sales-chart" role="img" aria-label={summary} data-testid="sales-chart" />
      {failed && (
        <p className="notice notice--error" role="alert">
          {t('insights.chart.failed')}
        </p>
      )}
    </>
  );
}
