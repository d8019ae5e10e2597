import type { MetaFunction } from 'react-router';
import { ContentEditorPage } from '../../../components/admin/content/ContentEditorPage.tsx';
import { tenderContent } from './tender-content.ts';

export const meta: MetaFunction = () => [{ title: 'Tender | Summit back office' }];

export default function TenderEditorPage() {
  return <ContentEditorPage config={tenderContent} />;
}
