import { createFileRoute } from '@tanstack/react-router';
import { LandingScreen } from '@/features/landing/landing-screen';

export const Route = createFileRoute('/{-$client}/')({
  // The landing screen travels in the app's entry rather than a chunk of its own: the first
  // page's JavaScript is one file fewer, and smaller.
  codeSplitGroupings: [],
  component: LandingScreen,
});
