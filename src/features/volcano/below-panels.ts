/**
 * The volcano view's panels below the chart and the camera lanes: the frames at the cursor, the
 * events list and the evidence pack. One lazy chunk, which the view asks for once its RSAM has
 * arrived, so the first paint (chart and lanes) does not wait on it (scripts/bundle-budget.mjs).
 */
export { EventsPanel } from './events/events-panel';
export { EvidencePack } from './events/evidence-pack';
export { FramePreview } from './frames/frame-preview';
