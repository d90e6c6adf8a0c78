import { DocumentPage } from "../../features/legal/components/document-page";

export default function TermsRoute() {
  return <DocumentPage document="terms" />;
}
