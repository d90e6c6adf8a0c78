import { DocumentPage } from "../../features/legal/components/document-page";

export default function PrivacyRoute() {
  return <DocumentPage document="privacy" />;
}
