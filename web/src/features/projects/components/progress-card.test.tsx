import '../strings';
import { screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '@/test/render';
import { ProgressCard, type ProgressCardProps } from './progress-card';

const project: ProgressCardProps['project'] = {
  target_units: 2000,
  produced_units: 1500,
  shipped_units: 400.5,
  progress: 75,
  shipped_progress: 20,
  days_left: 9,
  product_unit: 'bag',
  status: 'in_progress',
};

describe('ProgressCard', () => {
  beforeEach(async () => {
    await setupI18n('gb');
  });

  it('shows produced and shipped units against the target, as the server counted them, and days left', () => {
    renderWithProviders(<ProgressCard project={project} />);
    expect(screen.getByText('1,500 of 2,000 bags (75%)')).toBeInTheDocument();
    expect(screen.getByText('400.5 of 2,000 bags (20%)')).toBeInTheDocument();
    expect(screen.getByText('9 days left')).toBeInTheDocument();
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['75', '20']);
  });

  it('says when a project is overdue or due today, and nothing once completed', () => {
    const { rerender } = renderWithProviders(<ProgressCard project={{ ...project, days_left: -1 }} />);
    expect(screen.getByText('1 day overdue')).toBeInTheDocument();
    rerender(<ProgressCard project={{ ...project, days_left: 0 }} />);
    expect(screen.getByText('Due today')).toBeInTheDocument();
    rerender(<ProgressCard project={{ ...project, status: 'completed', days_left: null }} />);
    expect(screen.queryByText(/left|overdue|today/)).not.toBeInTheDocument();
  });

  it('speaks the user’s language', async () => {
    await setupI18n('es');
    const { unmount } = renderWithProviders(<ProgressCard project={project} />);
    expect(screen.getByText('Quedan 9 días')).toBeInTheDocument();
    expect(screen.getByText('Producido')).toBeInTheDocument();
    unmount();
    await setupI18n('gb');
  });
});
