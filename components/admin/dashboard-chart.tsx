"use client";

import { Bar, BarChart, CartesianGrid, LabelList, Legend, XAxis, YAxis } from "recharts";

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/**
 * A bar chart (stacked when given several series) for sighted users, hidden from assistive technology, and the
 * same figures as a table that only screen readers read.
 */
export function DashboardChart({
  caption,
  rowHeader,
  rows,
  series,
}: {
  caption: string;
  /** What each row (each bar) is, heading the table's first column. */
  rowHeader: string;
  rows: ({ label: string } & Record<string, number | string>)[];
  series: ChartSeries[];
}) {
  return (
    <figure className="mt-3">
      <div aria-hidden="true" className="h-64 w-full">
        <BarChart data={rows} responsive accessibilityLayer={false} style={{ width: "100%", height: "100%" }} margin={{ top: 16, right: 8, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval={0} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
          {series.length > 1 ? <Legend /> : null}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId="all" isAnimationActive={false}>
              {series.length === 1 ? <LabelList dataKey={s.key} position="top" fontSize={12} /> : null}
            </Bar>
          ))}
        </BarChart>
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {series.map((s) => (
                <td key={s.key}>{row[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
