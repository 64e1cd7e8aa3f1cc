"""Fixtures: one stack per database engine for the whole session, a signed-in household on it, and Debian's
headless chromium under selenium."""
import shutil

import httpx
import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from stack import ENGINES, Stack, sign_up
from web import WIDTH_OF

CHROMIUM, CHROMEDRIVER = shutil.which("chromium"), shutil.which("chromedriver")


@pytest.fixture(scope="session", params=ENGINES)
def stack(request):
    running = Stack(request.param)
    yield running
    running.stop()


@pytest.fixture
def width(stack):
    """The one width a browser flow through stored data runs at on this stack's database (web.WIDTH_OF); a test that
    parametrizes `width` itself runs at every width."""
    return WIDTH_OF[stack.engine]


@pytest.fixture
def http(stack):
    with httpx.Client(base_url=stack.url, timeout=30) as client:
        yield client


@pytest.fixture
def member(http):
    """A signed-up user with a household: (headers with the bearer token, user id, household id)."""
    return sign_up(http)


def chromium():
    """Debian's chromium, headless, through chromedriver; the tests fail (never skip) without them."""
    if not CHROMIUM or not CHROMEDRIVER:
        pytest.fail("the browser test needs Debian's chromium and chromium-driver (scripts/test.sh installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # web.console_errors reads the console
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_script_timeout(30)
    return driver


@pytest.fixture(scope="session")
def browser():
    driver = chromium()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def second_browser():
    """Another browser, for a second person (its own storage, so its own session)."""
    driver = chromium()
    yield driver
    driver.quit()
