// Starts Swagger UI on this deployment's OpenAPI document. A file rather than an inline
// script: the docs page's Content-Security-Policy allows scripts from this origin only.
window.addEventListener("load", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.getAttribute("data-openapi-url"),
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    // No request to the public validator service (and its badge image): everything the page
    // loads comes from this origin.
    validatorUrl: null,
  });
});
