export { I18nProvider, useTranslation } from "./I18nProvider.tsx";
export { loadLocaleResources } from "./load-resources.ts";
