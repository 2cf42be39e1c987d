import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useShownScreen } from './use-shown-screen';

/** The trail the current screen set in its route's static data: Home, its steps, itself. */
export function Breadcrumbs() {
  const { t, i18n } = useLingui();
  const screen = useShownScreen();
  const title = screen?.title;
  if (!title) return null;
  const trail = screen.breadcrumbs ?? [];
  return (
    <nav className="breadcrumbs" aria-label={t`Breadcrumb`}>
      <ol>
        <li>
          <Link to="/{-$client}" activeOptions={{ exact: true }}>
            <Trans>Home</Trans>
          </Link>
        </li>
        {trail.map((crumb) => (
          <li key={crumb.to}>
            <Link to={crumb.to} activeOptions={{ exact: true }}>
              {i18n._(crumb.label)}
            </Link>
          </li>
        ))}
        <li aria-current="page">{i18n._(title)}</li>
      </ol>
    </nav>
  );
}
