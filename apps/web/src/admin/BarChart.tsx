/** A small bar chart in SVG: one bar a day, the highest value on top. */
export function BarChart({ values }: { values: { label: string; value: number }[] }) {
  const width = 320;
  const height = 100;
  const max = Math.max(1, ...values.map((v) => v.value));
  const bar = width / Math.max(1, values.length);
  return (
    <svg viewBox={`0 0 ${width} ${height + 14}`} className="admin-chart" role="img" aria-label={`max ${max}`}>
      <text x={0} y={10} fontSize={10} fill="currentColor">
        {max}
      </text>
      {values.map((v, i) => {
        const h = (v.value / max) * height;
        return (
          <rect key={v.label} x={i * bar + 1} y={height + 14 - h} width={Math.max(1, bar - 2)} height={h} rx={1}>
            <title>{`${v.label}: ${v.value}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
