import { StatusResult } from '../common/components/StatusResult';

/** Any path no route matches. */
export const NotFoundPage = () => <StatusResult status="404" style={{ paddingTop: 64 }} />;
