import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { LoadingSkeleton } from '../../app/shell/LoadingState.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { statusOf } from './errorText.js';
import { SiteForm } from './SiteForm.js';
import { DeskCheckInSettings } from '../deskCheckIn/DeskCheckInSettings.js';
import { DisplayDimSettings } from '../displays/DisplayDimSettings.js';
import { SiteLobbyBoardsSection } from '../displays/SiteLobbyBoardsSection.js';
import { ForecastMailSettings } from '../forecastMail/ForecastMailSettings.js';
import { getSite, siteKey, SITES_PATH } from './sitesApi.js';

/** /menu/settings/sites/new and /menu/settings/sites/{id}/edit (admin). */
export function SiteEditorPage() {
  const id = Number(useParams()['id']);
  const editing = Number.isInteger(id) && id > 0;
  const site = useQuery({ queryKey: siteKey(id), queryFn: () => getSite(id), enabled: editing });

  if (!editing) {
    return <Panel><PageHeading>New site</PageHeading><SiteForm site={null} /></Panel>;
  }
  return (
    <>
      {site.error && <LoadErrorBar message={`Unable to load sites: ${statusOf(site.error)}`} onRetry={() => void site.refetch()} retrying={site.isFetching} />}
      <Panel>
        <PageHeading>{site.data ? `Edit site: ${site.data.Title}` : 'Edit site'}</PageHeading>
        {site.data && <SiteForm key={site.data.Id} site={site.data} />}
        {site.data && <DeskCheckInSettings siteId={site.data.Id} />}
        {site.data && <DisplayDimSettings siteId={site.data.Id} />}
        {site.data && <SiteLobbyBoardsSection siteId={site.data.Id} />}
        {site.data && <ForecastMailSettings siteId={site.data.Id} />}
        {site.isPending && (
          <LoadingSkeleton what="the site" rows={4} />
        )}
        {site.error && <BackToMenu to={SITES_PATH} label="Back to Sites" />}
      </Panel>
    </>
  );
}
