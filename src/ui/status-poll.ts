/**
 * The status poll (about ten times a second, and after every action): the worker's new series rows, its status,
 * the space–time rows and the selected contact, in one round; then every chart, the comparison, the contact
 * inspector and the status view follow them. One poll at a time: a call while one is on its way does nothing.
 * A hidden page's timers may run once a minute: the worker is told, and records rows sparsely enough meanwhile.
 */
import type { PageCharts } from './charts/page-charts';
import type { SeriesStore } from './charts/series-store';
import type { CompareUi } from './compare/compare-panel';
import type { ContactInspector } from './inspector/contact-inspector';
import type { PageState } from './page-state';
import type { ContactMarker } from './render/contact-marker';
import type { SimRemote } from './sim-client';
import type { SpaceTimePanel } from './spacetime/space-time-panel';
import type { StatusView } from './status-view';

export interface StatusPollDeps {
  api: SimRemote;
  store: SeriesStore;
  state: PageState;
  view: StatusView;
  charts: PageCharts;
  spaceTime: SpaceTimePanel;
  compare: CompareUi;
  inspector: ContactInspector;
  contactMarker: ContactMarker;
}

export class StatusPoll {
  private polling = false;

  constructor(private readonly d: StatusPollDeps) {
    const tell = (): void => { void d.api.setBackground(document.hidden); };
    document.addEventListener('visibilitychange', tell);
    if (document.hidden) tell();
  }

  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const { api, store, state, charts } = this.d;
      const edits = state.selectionEdits;
      const [chunk, s, rows, contact] = await Promise.all([api.takeSeries(store.epoch, store.nextSeq), api.getStatus(), api.takeSpaceTime(), api.selectedContact()]);
      store.ingest(chunk);
      state.status = s;
      this.d.view.showPipe(s.spaceTime);
      this.d.spaceTime.ingest(rows);
      charts.update(s);
      this.d.compare.update(s, state.ui.logy);
      charts.updateLedger();
      this.d.inspector.show(contact);
      this.d.contactMarker.detail = contact;
      this.d.view.show(s, edits === state.selectionEdits);
    } finally {
      this.polling = false;
    }
  }
}
