// The header's language menu, on every page (base.html loads this): choosing reloads the page
// with ?lang= (the server keeps the choice in a cookie).  Without scripts the menu's own
// button submits the same form.
const picker = document.getElementById("language");
if (picker) {
  picker.addEventListener("change", () => {
    const url = new URL(location.href);
    url.searchParams.set("lang", picker.value);
    location.href = url.toString();
  });
}
