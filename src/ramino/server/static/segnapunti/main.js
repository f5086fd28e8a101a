import { t, translatePage } from "../i18n.js";
translatePage();
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/segnapunti/sw.js", { scope: "/segnapunti" });
}
document.getElementById("keeper").dataset.state = "ready";
