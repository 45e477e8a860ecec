rootProject.name = "geokit"
