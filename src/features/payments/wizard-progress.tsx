import { Trans, useLingui } from '@lingui/react/macro';
import { selectReachableSteps } from '@machines/payment/payment.selectors';
import type { PaymentStep } from '@machines/payment/payment.types';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { usePaymentWizard } from './payment-context';
import { stepRoutes } from './payment-steps';

const shownSteps = ['amounts', 'confirmation', 'information', 'card'] as const satisfies readonly PaymentStep[];

/**
 * Where the payer is in the wizard: "Step 2 of 4", with the step names. The name of each step the
 * payer can open (every earlier step done) opens it by its address, as the browser's back and
 * forward do; a step further on is its name alone until then.
 */
export function WizardProgress({ step }: { step: (typeof shownSteps)[number] }) {
  const { t } = useLingui();
  const { actor } = usePaymentWizard();
  const reachable = useSelector(actor, selectReachableSteps);
  const names: Record<(typeof shownSteps)[number], string> = {
    amounts: t`Amounts`,
    confirmation: t`Review`,
    information: t`Billing details`,
    card: t`Card`,
  };
  const position = shownSteps.indexOf(step) + 1;
  const total = shownSteps.length;
  return (
    <nav className="wizard-progress" aria-label={t`Payment steps`}>
      <p className="wizard-progress-count">
        <Trans>
          Step {position} of {total}
        </Trans>
      </p>
      <ol>
        {shownSteps.map((each, index) => (
          <li
            key={each}
            aria-current={each === step ? 'step' : undefined}
            className={index < position - 1 ? 'done' : undefined}
          >
            {each === step || reachable.includes(each) ? (
              <Link to={stepRoutes[each]} params={(params) => params}>
                {names[each]}
              </Link>
            ) : (
              <span>{names[each]}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
