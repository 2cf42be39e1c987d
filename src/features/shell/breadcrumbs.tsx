import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useMatches } from '@tanstack/react-router';

/** The trail the current screen set in its route's static data: Home, its steps, itself. */
export function Breadcrumbs() {
  const { t, i18n } = useLingui();
  const matches = useMatches();
  const screen = [...matches].reverse().find((match) => match.staticData.title);
  const title = screen?.staticData.title;
  if (!title) return null;
  const trail = screen.staticData.breadcrumbs ?? [];
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
