import { useState } from 'react';
import { BarChart } from '../BarChart.tsx';
import { type FiguresRange, useFiguresQuery } from '../queries.ts';
import { ErrorText, useT } from '../shared.tsx';

const SERIES = ['signUps', 'activeUsers', 'activitiesCreated', 'messagesSent'] as const;

/** The figures per day over a range (the last 30 days unless chosen), and the open reports. */
export function DashboardPage() {
  const t = useT();
  const [range, setRange] = useState<FiguresRange>({});
  const { data, error } = useFiguresQuery(range);
  return (
    <section data-testid="admin-dashboard">
      <div className="admin-toolbar">
        <label>
          {t('dashboard.from')}{' '}
          <input
            type="date"
            value={range.from ?? data?.from ?? ''}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
          />
        </label>
        <label>
          {t('dashboard.to')}{' '}
          <input
            type="date"
            value={range.to ?? data?.to ?? ''}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
          />
        </label>
        <strong data-testid="admin-open-reports">
          {t('dashboard.openReports')}: {data?.openReports ?? '…'}
        </strong>
      </div>
      <ErrorText error={error} />
      <div className="admin-charts">
        {data &&
          SERIES.map((key) => (
            <figure key={key} className="admin-card">
              <figcaption>
                {t(`dashboard.${key}`)} · {t('dashboard.total', { count: data.days.reduce((n, d) => n + d[key], 0) })}
              </figcaption>
              <BarChart values={data.days.map((d) => ({ label: d.date, value: d[key] }))} />
            </figure>
          ))}
      </div>
    </section>
  );
}
